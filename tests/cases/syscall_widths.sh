# syscall_widths -- every raw syscall() argument the kernel reads as 64 bits
# (mmap's offset, process_vm_writev's counts, clone's flags) is passed as a
# long, size_t, off_t or pointer, never a bare int (tests/syscall_widths.py):
# an int's upper half is the compiler's choice.
(cd "$CT_ROOT" && "$PY" tests/syscall_widths.py) || ct_fail "a syscall() argument is an int (above)"
