"""Turn extracted FACTS (prefix, alphabet, length, keyword, entropy) into our own records, with our own
generated examples. Writes src/coatcheck/detect/rules/providers_extended.toml."""
import json, random, re, tomllib, hashlib, sys
ROOT = __import__('pathlib').Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / 'src'))
facts = json.load(open(sys.argv[1]))
ours = open(ROOT / 'src/coatcheck/detect/rules/providers.toml').read().lower()
ours_kw = set(re.findall(r'"([^"]+)"', ' '.join(re.findall(r'^keywords = \[(.*)\]$', ours, re.M))))
ours_ids = set(re.findall(r'^id = "([^"]+)"', ours, re.M))

SKIP_NAME = re.compile(r"(?i)\b(?:id|ids|identifier|org|organization|organisation|url|uri|username|user|region|endpoint|host|hostname|domain|email|account(?! key)|tenant|project|app(?:lication)? id|client id|public|publishable|site key|subdomain|instance|workspace|team|cluster|zone|bucket|name|sid|sandbox|test)\b")
KEEP_NAME = re.compile(r"(?i)secret|key|token|password|pat\b|credential|auth|signing|private|webhook|dsn|session")

def expand(cls):
    """[a-zA-Z0-9_-] -> list of chars; \\d, \\w."""
    if cls == r'\d': return list('0123456789')
    if cls == r'\w': return list('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_')
    body = cls[1:-1]
    if body.startswith('^'): return None
    out = []; i = 0
    while i < len(body):
        c = body[i]
        if c == '\\' and i + 1 < len(body):
            n = body[i+1]
            if n == 'd': out += list('0123456789')
            elif n == 'w': out += list('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_')
            elif n in 'sS': return None
            else: out.append(n)
            i += 2; continue
        if i + 2 < len(body) and body[i+1] == '-' and body[i+2] != ']':
            a, b = c, body[i+2]
            if b == '\\': return None
            out += [chr(x) for x in range(ord(a), ord(b)+1)]
            i += 3; continue
        out.append(c); i += 1
    return sorted(set(out))

def quant(q):
    if q == '+': return (1, None)
    m = re.fullmatch(r'\{(\d+)(?:(,)(\d*))?\}', q)
    lo = int(m.group(1))
    if m.group(2) is None: return (lo, lo)
    return (lo, int(m.group(3)) if m.group(3) else None)

def cls_text(chars):
    """Our own character class text for an alphabet: whole ranges first, then other characters escaped."""
    rest = set(chars); out = []
    for lo, hi in (('0', '9'), ('A', 'Z'), ('a', 'z')):
        full = {chr(c) for c in range(ord(lo), ord(hi) + 1)}
        if full <= rest:
            out.append(f"{lo}-{hi}"); rest -= full
    for lo, hi in (('a', 'f'), ('A', 'F')):
        full = {chr(c) for c in range(ord(lo), ord(hi) + 1)}
        if full <= rest:
            out.append(f"{lo}-{hi}"); rest -= full
    for c in sorted(rest):
        out.append("\\" + c if c in "-]\\[^" else c)
    return "[" + "".join(out) + "]"


def q_text(lo, hi):
    if hi is None: return '{%d,}' % lo
    if lo == hi: return '{%d}' % lo
    return '{%d,%d}' % (lo, hi)

def build(parts, ci):
    """(regex text, sampler) from parts; None if unsupported."""
    rx = []; plan = []
    for p in parts:
        if p[0] == 'lit':
            rx.append(re.escape(p[1]).replace('\\_','_')); plan.append(('lit', p[1]))
        else:
            chars = expand(p[1])
            if not chars or '\\' in chars: return None
            lo, hi = quant(p[2])
            if ci:
                chars = sorted(set(c.lower() for c in chars) | set(c.upper() for c in chars)) if False else chars
            rx.append(cls_text(chars) + q_text(lo, hi)); plan.append(('seg', chars, lo, hi))
    return ''.join(rx), plan

def sample(plan, rnd, ci):
    out = []
    for p in plan:
        if p[0] == 'lit': out.append(p[1]); continue
        chars, lo, hi = p[1], p[2], p[3]
        n = lo if hi is None else rnd.randint(lo, min(hi, lo + 8))
        n = max(n, lo)
        if hi is None: n = lo + 4
        out.append(''.join(rnd.choice(chars) for _ in range(n)))
    return ''.join(out)

def value_len(plan):
    return sum((len(p[1]) if p[0]=='lit' else p[2]) for p in plan)

def provider_keyword(before):
    b = before.replace('\\b', '')
    m = re.match(r'^\(?(?:\?:)?([a-z0-9][a-z0-9_\-|]{2,40})', b, re.I)
    if not m: return None
    words = [w.replace('\\','') for w in m.group(1).split('|') if len(w) >= 3]
    return words or None

def family(stem, name):
    words = []
    for w in name.split():
        if re.fullmatch(r"(?i)api|key|keys|token|tokens|secret|access|personal|oauth|client|auth|authentication|private|bearer|password|credentials?|v\d|\(.*|app|application|service|account|webhook|signing|refresh|management|admin|user", w):
            break
        words.append(w)
    return " ".join(words) or stem.title()


def slug(s): return re.sub(r'[^a-z0-9]+', '-', s.lower()).strip('-')

def toml_str(s):
    if "'''" not in s and '\n' not in s: return "'''" + s + "'''"
    return json.dumps(s)

def q(s): return json.dumps(s, ensure_ascii=False)

from coatcheck.detect.entropy import shannon_entropy
records = []; seen = set(); seen_shapes = set()
for r in facts:
    if not r['parts']: continue
    name = r['name'] or ''
    if SKIP_NAME.search(name) or not KEEP_NAME.search(name): continue
    stem = r['file'].rsplit('.', 1)[0]
    rnd = random.Random(hashlib.sha256(r['id'].encode()).digest())
    parts = r['parts']
    prefixed = parts[0][0] == 'lit' and len(parts[0][1]) >= 3 and not r['kws']
    b = build(parts, r['ci'])
    if b is None: continue
    vrx, plan = b
    if value_len(plan) < 16: continue
    if not prefixed and any(p[0]=='seg' and p[3] is None and p[2] < 16 for p in plan): continue
    ent = r['ent'] or (3.0 if not prefixed else None)
    pos = None
    for _ in range(20):
        cand = sample(plan, rnd, r['ci'])
        if ent is None or shannon_entropy(cand) >= ent: pos = cand; break
    if pos is None: continue
    rid = f"{stem}-{slug(name)}"
    rid = re.sub(r'-(api|key|token)-\1', r'-\1', rid)
    if rid in ours_ids or rid in seen: continue
    if prefixed:
        prefix = parts[0][1].lower()
        if prefix in ours_kw or any(prefix.startswith(k) and len(k) >= 4 for k in ours_kw): continue
        shape = ('p', prefix)
        if shape in seen_shapes: continue
        lit = parts[0][1]
        rest_rx = vrx[len(re.escape(lit).replace('\\_', '_')):]
        body = re.escape(lit).replace('\\_', '_') + (f"(?i:{rest_rx})" if r['ci'] else rest_rx)
        pattern = r'(?<![\w-])' + body + r'(?![\w-])'
        neg1 = pos[: max(len(parts[0][1]) + 3, len(pos) // 2)]
        neg2 = parts[0][1] + 'x' * (len(pos) - len(parts[0][1]))
        rec = dict(id=rid, provider=family(stem, name), desc=f"{name} ({parts[0][1]}… prefix)", pattern=pattern, keywords=[prefix],
                   ent=ent, pos=[pos, f'export {stem.upper()}_TOKEN="{pos}"'], neg=[neg1, neg2])
    else:
        kws = provider_keyword(r['before'])
        if not kws: continue
        kws = [k.lower() for k in kws if not re.fullmatch(r'(?i)secret|private|access|key|token|api|auth|https?|client|data|web_|nf-|github|line|app|keys?|less|front', k)]
        if not kws: continue
        if any(k in ours_kw for k in kws): continue
        shape = ('k', tuple(kws), vrx)
        if shape in seen_shapes: continue
        keyre = '(?:' + '|'.join(re.escape(k).replace('\\_','_').replace('\\-','-') for k in kws) + ')'
        envkey = kws[0].upper().replace('-', '_') + '_API_KEY'
        neg1 = f"{envkey}={pos[: len(pos) // 2]}"
        neg2 = f"{envkey}={'x' * len(pos)}"
        rec = dict(id=rid, provider=family(stem, name), desc=f"{name} assigned to a key named for {kws[0]}", key=keyre, value=vrx,
                   ci=r['ci'], keywords=kws, ent=ent,
                   pos=[f"{envkey}={pos}", f'{kws[0]}_secret: "{pos}"'], neg=[neg1, neg2], keep=True)
    seen.add(rid); seen_shapes.add(shape); records.append(rec)

out = ["# More provider formats. The FACTS (prefix, alphabet, length, provider keyword, minimum entropy) were read",
       "# from Kingfisher's public rule files (github.com/mongodb/kingfisher, data/rules/, Apache-2.0); the patterns are",
       "# written in this project's own forms (a prefixed token, or detect/grammar.py's assignment for a keyword-anchored",
       "# value) and every example is a random value generated here in the documented alphabet and length.", ""]
for rec in records:
    out.append("[[rule]]")
    out.append(f"id = {q(rec['id'])}")
    out.append(f"provider = {q(rec['provider'])}")
    out.append('category = "secret"')
    out.append(f"description = {q(rec['desc'])}")
    if 'pattern' in rec:
        out.append(f"pattern = {toml_str(rec['pattern'])}")
    else:
        out.append(f"key = {toml_str(rec['key'])}")
        out.append("tail = '''[\\w.-]{0,24}'''")
        out.append(f"value = {toml_str(rec['value'])}")
        if rec['ci']: out.append("ignore_case = true")
    out.append("keywords = [" + ", ".join(q(k) for k in rec['keywords']) + "]")
    if rec.get('keep'): out.append('keep = ["is_hash_digest", "is_uuid"]')
    if rec['ent']: out.append(f"entropy = {rec['ent']}")
    out.append("examples.positive = [" + ", ".join(q(x) for x in rec['pos']) + "]")
    out.append("examples.negative = [" + ", ".join(q(x) for x in rec['neg']) + "]")
    out.append("")
open(ROOT / 'src/coatcheck/detect/rules/providers_extended.toml', 'w').write("\n".join(out))
print(len(records), sum('pattern' in r for r in records))
