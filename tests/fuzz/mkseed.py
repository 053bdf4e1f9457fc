#!/usr/bin/env python3
# mkseed.py -- writes real .ctlog files in the compact form the fuzz
# harnesses read (see fuzz_input.h): the log header, then per used chunk a
# 2-byte length and the chunk header plus its used bytes (cut at 64 KiB).
#   mkseed.py OUT LOG...   (several logs: joined with "\nLOG", for fuzz_merge)
import struct, sys

CHUNK = 1024 * 1024
HDR = 48


def compact(path):
    data = open(path, "rb").read()
    out = bytearray(data[:HDR])
    for k in range(1, len(data) // CHUNK + 1):
        c = data[k * CHUNK:(k + 1) * CHUNK]
        if len(c) < 16:
            break
        used = struct.unpack_from("<I", c, 8)[0]
        body = c[:min(16 + used, 65535)]
        out += struct.pack("<H", len(body)) + body
    return bytes(out)


open(sys.argv[1], "wb").write(b"\nLOG".join(compact(p) for p in sys.argv[2:]))
