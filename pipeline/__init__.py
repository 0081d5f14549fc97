"""The extraction pipeline: ingest → text/OCR → classify → engine → validate → route → outputs."""
