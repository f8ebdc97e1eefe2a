"""Seeded generator of unstructured `neturl.*` conformance calls: random
"soup" of delimiters, escapes and 8-bit bytes, every syntax name, every
function and keyword. It complements the structured generator of
`cli/tests/differential_neturl.rs`.

    python3 tests/gen/neturl_soup_calls.py SEED COUNT
"""
import json, random, sys
r = random.Random(int(sys.argv[1]))
ALPH = list("abcXY09:/?#[]@;=&+%.-_~ \\!$'(),*") + ["%41","%zz","%2","%C3%A9","é","\x00","\x7f","\x01","//","::","http","ftp","mailto","file","80","[::1]","..",".","%2F","\t"," "]
def soup(n=None):
    n = r.randint(0, 16) if n is None else n
    return "".join(r.choice(ALPH) for _ in range(n))
SCH = ["http","https","ftp","file","mailto","news","nntp","nntps","pop","pops","imap","imaps","data","cid","mid","ipp","ipps","ldap","ldaps","HTTP","x","Ftp"]
SYN = ["null","ip","http","https","ftp","file","mailto","news","nntp","nntps","pop","pops","imap","imaps","data","cid","mid","ipp","ipps","ldap","ldaps","partial:http","partial:ftp","http+fragment","partial:http+fragment","file+fragment","mailto+fragment","partial:file","partial:nntp"]
def url():
    k = r.random()
    if k < 0.5: return r.choice(SCH) + r.choice([":", "://", ":/", ":///"]) + soup()
    if k < 0.7: return soup()
    return r.choice(SCH) + "://" + r.choice(["", "u@", "u:p@", "u;x@", "@", ":@", "u[@", "[u]@", "u:p]@", "u:[@", "u;[x@", r.choice(ALPH) + "@"]) + r.choice(["h","H.example","[::1]","1.2.3.4","[1:2::3]","h:80","h:0x10","h:99999","h:", "01.2.3.4"]) + r.choice(["", "/", "/a/b", "/a;p", "/a?q", "/a#f", "/%41/../b", "?x", "#y"]) 
def bools(keys):
    return {k: r.choice([True, False]) for k in keys if r.random() < 0.3}
out = []
for _ in range(int(sys.argv[2])):
    k = r.randrange(13)
    if k == 0:
        c = {"fn":"neturl.parse_url","args":[url()],"kwargs":bools(["accept_8bits","enable_fragment"])}
        if r.random()<0.2: c["kwargs"]["base_syntax"] = r.choice(SYN)
    elif k == 1:
        c = {"fn":"neturl.decoded","args":[url()],"kwargs":bools(["accept_8bits","enable_fragment"])}
    elif k == 2: c = {"fn":"neturl.url_of_string","args":[r.choice(SYN), url()]}
    elif k == 3: c = {"fn":"neturl.extract_url_scheme","args":[url()]}
    elif k == 4: c = {"fn":"neturl.split_path","args":[soup()]}
    elif k == 5: c = {"fn":"neturl.join_path","args":[[soup(r.randint(0,4)) for _ in range(r.randint(0,4))]]}
    elif k == 6: c = {"fn":"neturl.norm_path","args":[[r.choice(["", ".", "..", "a", "b", "c%2F"]) for _ in range(r.randint(0,6))]]}
    elif k == 7: c = {"fn":"neturl.fixup_url_string","args":[soup()],"kwargs":bools(["escape_hash"])}
    elif k == 8: c = {"fn":"neturl.apply_relative_url","args":[url(), r.choice(["../a","g","//x/y","?q","#f",";p","..","/a/./b",soup(),""])],"kwargs":bools(["enable_fragment"])}
    elif k == 9:
        kw = {"encoded": r.choice([True, False])}
        for p in ["scheme","user","password","host","port","path","query","fragment","other","user_param","param"]:
            if r.random() < 0.35:
                if p == "port": kw[p] = r.choice([0, 80, 65535, 70000, -1])
                elif p in ("path","user_param","param"): kw[p] = [soup(r.randint(0,4)) for _ in range(r.randint(0,3))]
                elif p == "scheme": kw[p] = r.choice(SCH)
                else: kw[p] = soup(r.randint(0,6))
        c = {"fn":"neturl.make_url","args":[r.choice(SYN)],"kwargs":kw}
    elif k == 10: c = {"fn":"neturl.local_path_of_file_url","args":[r.choice(["file:///a/b","file://localhost/x","file://h/x","file:/x",url()])]}
    elif k == 11:
        c = {"fn":"neturl.file_url_of_local_path","args":[r.choice(["/a/b","a/b","/","", "/a b/%", soup()])]}
        if r.random()<0.5: c["kwargs"]={"getcwd": r.choice(["/tmp","/","/a b",soup()])}
    else: c = {"fn":"neturl.url_addr","args":[url()]}
    print(json.dumps(c, ensure_ascii=False))
