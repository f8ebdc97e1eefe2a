"""Seeded generator of unstructured conformance calls for all 16 urllib
functions: random "soup" of URL delimiters, escapes, controls and
confusable Unicode, random argument types (bytes, None, ints of any size,
lists, tuples, dicts) and keyword values. It complements the structured generators
(`split_calls.py`, `qs_calls.py`) by not knowing what a URL looks like.

    python3 tests/gen/soup_calls.py SEED COUNT
"""
import json, random, sys
r = random.Random(int(sys.argv[1]))
ALPH = list("abcAB09:/?#[]@;=&+%.-_~ \t\n\r\\!$'()*,") + ["\x00","\x7f","é","\u2100","\uff03","\uff0f","\ufe16","％","%2","%zz","%41","%C3%A9","::","//","http","[::1]","v1.x","80","\u0660","\U0001F600","\u0130","\ufeff"]
def soup(n=None):
    n = r.randint(0, 14) if n is None else n
    return "".join(r.choice(ALPH) for _ in range(n))
def val():
    k = r.random()
    if k < 0.7: return soup()
    if k < 0.85:
        s = soup()
        try: return {"bytes": s.encode("ascii").hex()}
        except UnicodeEncodeError: return {"bytes": s.encode("utf-8").hex()}
    return r.choice([None, 0, 1, True, False, [], [soup()], {"dict": [[soup(), soup()]]}, {"bytes": ""}, "",
                     {"tuple": []}, {"tuple": [soup()]}, 2 ** 64, -(10 ** 30)])
def seq(items):
    return {"tuple": items} if r.random() < 0.7 else items
FNS = ["urlsplit","urlparse","urlunsplit","urlunparse","urljoin","urldefrag","unwrap","parse_qs","parse_qsl","quote","quote_plus","quote_from_bytes","unquote","unquote_plus","unquote_to_bytes","urlencode"]
ATTRS = ["scheme","netloc","path","query","fragment","username","password","hostname","port","geturl","params","url"]
KW = {"urlsplit":["scheme","allow_fragments"],"urlparse":["scheme","allow_fragments"],"urljoin":["allow_fragments"],
      "parse_qs":["keep_blank_values","strict_parsing","encoding","errors","max_num_fields","separator"],
      "parse_qsl":["keep_blank_values","strict_parsing","encoding","errors","max_num_fields","separator"],
      "quote":["safe","encoding","errors"],"quote_plus":["safe","encoding","errors"],"quote_from_bytes":["safe"],
      "unquote":["encoding","errors"],"unquote_plus":["encoding","errors"],"urlencode":["doseq","safe","encoding","errors","quote_via"]}
if sys.version_info >= (3, 15):
    # 3.15's keywords (gh-67041).
    for f in ("urlsplit", "urlparse", "urldefrag"):
        KW.setdefault(f, []).append("missing_as_none")
    for f in ("urlunsplit", "urlunparse"):
        KW[f] = ["keep_empty"]
def kwval(k):
    if k in ("allow_fragments","keep_blank_values","strict_parsing","doseq","missing_as_none","keep_empty"): return r.choice([True,False,0,1,None,""])
    if k == "encoding": return r.choice(["utf-8","latin-1","ascii","bogus","UTF8",None,"iso-8859-1"])
    if k == "errors": return r.choice(["strict","replace","ignore","backslashreplace","xmlcharrefreplace","bogus",None])
    if k == "max_num_fields": return r.choice([None,0,1,2,-1,5])
    if k == "separator": return r.choice(["&",";","",{"bytes":"26"},"&&","=",None])
    if k == "quote_via": return r.choice(["quote","quote_plus","quote_from_bytes"])
    return val()
for _ in range(int(sys.argv[2])):
    fn = r.choice(FNS)
    if fn in ("urlunsplit","urlunparse"):
        n = 5 if fn == "urlunsplit" else 6
        s = r.random()
        if s < 0.4: args=[seq([soup() if r.random() < 0.9 else None for _ in range(n)])]
        elif s < 0.6: args=[seq([{"bytes": soup().encode("utf-8").hex()} for _ in range(n)])]
        else: args=[seq([val() for _ in range(n)])]
    elif fn == "urljoin": args=[val(), val()]
    elif fn == "urlencode":
        args=[r.choice([[seq([soup(), val()]) for _ in range(r.randint(0,3))], {"dict": [[soup(), val()] for _ in range(r.randint(0,3))]}, val()])]
    else: args=[val()]
    call={"fn":fn,"args":args}
    kws = KW.get(fn, [])
    kw = {k: kwval(k) for k in kws if r.random()<0.3}
    if kw: call["kwargs"]=kw
    if fn in ("urlsplit","urlparse","urldefrag") and r.random()<0.5: call["fn"]=fn+"."+r.choice(ATTRS)
    print(json.dumps(call, ensure_ascii=False))
