#!/usr/bin/env python3
"""Writes or checks Sources/HTModel/JSON/HTJSONPowersOfTen.swift, the 128-bit powers of ten of the
Eisel-Lemire number conversion (HTJSONNumberParsing.swift).

    python3 .ci/powers-of-ten.py           # check: exit 1 if the file differs from what this writes
    python3 .ci/powers-of-ten.py --write   # regenerate the file

Each power 10^e, e from -348 to 347, is approximated by 128 bits rounded down and normalized so that
the top bit is set: for e >= 0 the top 128 bits of 10^e; for e < 0, floor(2^s / 10^-e) with s chosen
to give exactly 128 bits. Exact integer arithmetic only.
"""
import sys
from pathlib import Path

MIN_EXPONENT, MAX_EXPONENT = -348, 347
PATH = Path(__file__).resolve().parent.parent / "Sources/HTModel/JSON/HTJSONPowersOfTen.swift"

HEADER = """/// 128-bit approximations, rounded down, of the powers of ten from 1e-348 to 1e347, normalized so
/// the top bit is set: for each power, the high 64 bits then the low 64 bits. Used by the
/// Eisel-Lemire conversion in `HTJSONNumberParsing.swift`. Written by `.ci/powers-of-ten.py --write`
/// with exact integer arithmetic (for 10^e with e >= 0 the top 128 bits of 10^e; for e < 0,
/// floor(2^s / 10^-e) with s chosen to give 128 bits); `.ci/run` checks it with the same script.
let _htjsonPowersOfTenMinExponent = -348
let _htjsonPowersOfTenMaxExponent = 347
let _htjsonPowersOfTen: [UInt64] = [
"""


def approximation(exponent: int) -> int:
    if exponent >= 0:
        value = 10 ** exponent
        shift = value.bit_length() - 128
        return value >> shift if shift >= 0 else value << -shift
    divisor = 10 ** -exponent
    shift = 128 + divisor.bit_length() - 1
    value = (1 << shift) // divisor
    if value.bit_length() < 128:
        value = (1 << (shift + 1)) // divisor
    assert value.bit_length() == 128
    return value


def hex64(value: int) -> str:
    digits = "%016X" % value
    return "0x" + "_".join(digits[i:i + 4] for i in range(0, 16, 4))


def text() -> str:
    lines = [HEADER]
    for exponent in range(MIN_EXPONENT, MAX_EXPONENT + 1):
        value = approximation(exponent)
        high, low = value >> 64, value & ((1 << 64) - 1)
        lines.append("    %s, %s,  // 1e%d\n" % (hex64(high), hex64(low), exponent))
    lines.append("]\n")
    return "".join(lines)


def main() -> int:
    expected = text()
    if "--write" in sys.argv[1:]:
        PATH.write_text(expected)
        print("wrote %s" % PATH)
        return 0
    if PATH.read_text() != expected:
        print("error: %s differs from what .ci/powers-of-ten.py writes; run it with --write" % PATH,
              file=sys.stderr)
        return 1
    print("ok: %s matches (%d powers)" % (PATH.name, MAX_EXPONENT - MIN_EXPONENT + 1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
