"""syscall_widths.py -- every syscall() argument the kernel reads as 64 bits
is passed full width.

syscall() takes varargs: an int there fills only the low half of its
register, and what the upper half holds is the compiler's choice (zig's
clang left garbage in mmap's offset).  For each raw call in preload/,
pyhook/, audit/ and common/ whose system call is in WIDE, the arguments at
the listed positions (1 = the first after the number) must not be a bare
int: a plain or negative literal without an L suffix, or an expression of
upper-case macros only (MAP_SHARED, PROT_READ | PROT_WRITE, CT_HDR_BYTES).
A cast, NULL, an address, sizeof or a variable passes (a variable's type is
the writer's to get right).  Prints each offence; exit status 1 when there
is one.
"""
import glob
import re
import sys

WIDE = {  # x86-64 kernel parameters of 64 bits (sizes, offsets, addresses, unsigned long flags)
    "mmap": (1, 2, 3, 4, 5, 6), "munmap": (1, 2), "mremap": (1, 2, 3, 4, 5),
    "madvise": (1, 2), "mprotect": (1, 2, 3), "clone": (1, 2, 3, 4, 5),
    "process_vm_readv": (2, 3, 4, 5, 6), "process_vm_writev": (2, 3, 4, 5, 6),
    "rt_sigprocmask": (2, 3, 4), "ftruncate": (2,), "truncate": (2,), "lseek": (2,),
    "pread64": (3, 4), "pwrite64": (3, 4), "read": (3,), "write": (3,), "ioctl": (3,),
    "futex": (1, 4, 5), "wait4": (2, 4), "prlimit64": (3, 4), "clock_gettime": (2,),
}
CALL = re.compile(r"\bsyscall\s*\(\s*SYS_(\w+)")
NARROW = re.compile(r"^(-?\d+|-?0x[0-9a-fA-F]+|[A-Z_][A-Z0-9_]*(\s*[|+*/-]\s*[A-Z0-9_]+)*|\(\s*[A-Z_][A-Z0-9_]*(\s*[|+*/-]\s*[A-Z0-9_]+)*\s*\))$")


def args_of(text, start):
    """The top-level comma-separated arguments of the call opening at start."""
    depth, cur, out = 0, "", []
    for ch in text[start:]:
        if ch in "([{":
            depth += 1
            if depth == 1:
                continue
        elif ch in ")]}":
            depth -= 1
            if depth == 0:
                out.append(cur.strip())
                return out
        if ch == "," and depth == 1:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    return out


bad = []
for path in sorted(sum((glob.glob(d + "/*.[ch]") for d in ("preload", "pyhook", "audit", "common")), [])):
    text = open(path, encoding="utf-8").read()
    for m in CALL.finditer(text):
        args = args_of(text, text.index("(", m.start()))
        for pos in WIDE.get(m.group(1), ()):
            arg = " ".join(args[pos].split()) if pos < len(args) else "NULL"
            if arg != "NULL" and NARROW.match(arg):
                line = text.count("\n", 0, m.start()) + 1
                bad.append("%s:%d: SYS_%s argument %d '%s' is an int: pass it as long, "
                           "size_t, off_t or a pointer" % (path, line, m.group(1), pos, arg))
for line in bad:
    print(line)
sys.exit(1 if bad else 0)
