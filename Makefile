# Front door: `make demo` installs everything and runs the pipeline on sample_data/; `make test` installs and tests.
VENV ?= .venv
PY := $(VENV)/bin/python
PIP := $(VENV)/bin/pip
APT_PACKAGES := tesseract-ocr tesseract-ocr-eng tesseract-ocr-osd tesseract-ocr-deu tesseract-ocr-fra tesseract-ocr-spa \
	tesseract-ocr-ita tesseract-ocr-nld tesseract-ocr-pol tesseract-ocr-por libtesseract-dev libleptonica-dev pkg-config
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
OUT ?= out

.PHONY: setup system-deps demo test test-all bench clean

system-deps:
	@if ! command -v tesseract >/dev/null 2>&1 || [ ! -f /usr/include/tesseract/baseapi.h ] \
		|| ! ls /usr/share/tesseract-ocr/*/tessdata/pol.traineddata >/dev/null 2>&1; then \
		$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq $(APT_PACKAGES); \
	fi

$(VENV)/.installed: pyproject.toml | system-deps
	python3 -m venv $(VENV)
	$(PIP) install -q --upgrade pip
	# torch first and pinned: the CPU wheel (an unpinned torch pulls a multi-GB CUDA build)
	$(PIP) install -q torch==2.13.0
	$(PIP) install -q -e '.[test]'
	touch $@

setup: system-deps $(VENV)/.installed

demo: setup
	$(VENV)/bin/extract run sample_data/ --out $(OUT)/
	$(VENV)/bin/extract review list --out $(OUT)/

test: setup
	$(VENV)/bin/pytest -q

test-all: setup
	$(VENV)/bin/pytest -q -m ''

bench: setup
	$(PY) bench/pipeline.py sample_data/
	$(PY) bench/engine.py
	$(PY) bench/quality.py

clean:
	rm -rf $(OUT) .pytest_cache
