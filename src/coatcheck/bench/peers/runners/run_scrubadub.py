"""scrubadub with its default detectors."""
from _common import serve

import scrubadub

scrubber = scrubadub.Scrubber()


def find(text):
    return [{"start": f.beg, "end": f.end, "label": f.type, "score": 1.0} for f in scrubber.iter_filth(text)]


serve(find)
