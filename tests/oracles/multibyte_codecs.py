"""Answers a batch of East Asian codec calls as the running interpreter
does, for the differential tests of the multibyte codecs.

Each input line is `decode CODEC ERRORS HEXBYTES` or `encode CODEC ERRORS
CP CP ...` (code points in hex). Each output line is `ok HEXBYTES` (encoded)
or `ok CP CP ...` (decoded, code points in hex) or, when the handler
raises, `error START END REASON`, or `runtime MESSAGE` for a RuntimeError.
"""

import sys


def main():
    out = []
    for line in sys.stdin:
        fields = line.split()
        op, codec, errors, args = fields[0], fields[1], fields[2], fields[3:]
        try:
            if op == "decode":
                text = bytes.fromhex("".join(args)).decode(codec, errors)
                answer = " ".join(["ok"] + ["%x" % ord(c) for c in text])
            else:
                text = "".join(chr(int(c, 16)) for c in args)
                answer = "ok " + text.encode(codec, errors).hex()
        except UnicodeError as e:
            answer = "error %d %d %s" % (e.start, e.end, e.reason)
        except RuntimeError as e:
            # 3.9 and 3.10 wrap the codec's error: report the codec's own.
            while e.__cause__ is not None:
                e = e.__cause__
            answer = "runtime %s" % e
        out.append(answer.rstrip())
    sys.stdout.write("\n".join(out) + "\n")


main()
