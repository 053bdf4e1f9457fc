# pyvenv_lib.sh -- the CI venv's python for cases that check an export
# with a format's own schema or query records with DuckDB (.ci/pydeps
# creates the venv; .ci/run calls it).  Without the venv the case skips.
CT_VENV=${CT_CI_VENV:-/opt/coldtrace-ci-venv}
VPY=$CT_VENV/bin/python
[ -x "$VPY" ] || ct_skip "no venv at $CT_VENV: bash .ci/pydeps creates it (CI does)"
