"""Read kingfisher rule files (Apache-2.0) as FACTS: prefix literal, alphabet, length, keywords, min entropy."""
import glob, json, re, sys, yaml

def strip_x(p):
    out=[]; i=0; incls=False
    while i < len(p):
        c=p[i]
        if c=='\\' and i+1<len(p): out.append(p[i:i+2]); i+=2; continue
        if c=='[' : incls=True
        elif c==']': incls=False
        if not incls and c=='#':
            j=p.find('\n',i); i=len(p) if j<0 else j; continue
        if not incls and c.isspace(): i+=1; continue
        out.append(c); i+=1
    return ''.join(out)

CLASS=r'\[(?:\\.|[^\]\\])+\]'
QUANT=r'\{\d+(?:,\d*)?\}|\+'
SEG=re.compile(rf'({CLASS}|\\d|\\w)({QUANT})')
LIT=re.compile(r'(?:[A-Za-z0-9_]|\\[.\-/_:]|-)+')

def parse_body(body):
    """prefix literal + list of (class, quant) [+ literal separators] -> list of parts or None"""
    parts=[]; i=0
    while i < len(body):
        m=SEG.match(body,i)
        if m: parts.append(('seg',m.group(1),m.group(2))); i=m.end(); continue
        m=LIT.match(body,i)
        if m: parts.append(('lit',m.group().replace('\\',''))); i=m.end(); continue
        return None
    return parts

def flags_ci(p):
    return bool(re.match(r'^\(\?[a-z]*i[a-z]*\)', p)) or '(?i)' in p[:20] or '(?xi)' in p[:10]

rules=[]
for f in sorted(glob.glob(sys.argv[1] + '/*.yml')):
    try: d=yaml.safe_load(open(f))
    except Exception as e: continue
    for r in d.get('rules',[]) or []:
        p=r.get('pattern','')
        ci=flags_ci(p)
        q=strip_x(p)
        q=re.sub(r'^(?:\(\?[a-z]+\))+','',q)
        # find capture group
        m=re.search(r'(?<!\\)\((?!\?)',q)
        if not m: continue
        depth=0; j=m.start()
        for k in range(m.start(), len(q)):
            if q[k]=='\\': continue
            if q[k]=='(' and (k==0 or q[k-1]!='\\'): depth+=1
            elif q[k]==')' and q[k-1]!='\\':
                depth-=1
                if depth==0: j=k; break
        body=q[m.start()+1:j]
        before=q[:m.start()]
        parts=parse_body(body)
        kws=[]
        km=re.search(r'\(\?:((?:[A-Za-z0-9_\-\\. ]+\|?)+)\)', before)
        if km: kws=[w.replace('\\','') for w in km.group(1).split('|') if w]
        rules.append(dict(file=f.split('/')[-1], id=r.get('id'), name=r.get('name'), parts=parts, body=body, kws=kws,
                          before=before[:80], ci=ci, ent=r.get('min_entropy'), conf=r.get('confidence')))
json.dump(rules, open(sys.argv[2],'w'), indent=0)
simple=[r for r in rules if r['parts']]
pref=[r for r in simple if r['parts'][0][0]=='lit' and len(r['parts'][0][1])>=3]
kw=[r for r in simple if r not in pref and r['kws']]
print(len(rules), len(simple), 'prefixed', len(pref), 'keyword', len(kw))
for r in pref[:5]+kw[:5]: print(r['name'], r['parts'], r['kws'], r['before'])
