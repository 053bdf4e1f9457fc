# launch_host_cache -- host.systemd_version from the cache of systemctl's
# answer: systemctl runs once per systemctl file (its identity: device,
# inode, size, mtime), again when that file changes, when the cache is
# corrupt, and on every run where the cache cannot be written or its
# directory is not the user's own (nothing is then written there); a
# missing cache home is made in a directory of the user's own.
mkdir -p "$TMP/sysd"
asked=$TMP/sysd/asked
fake() {   # a systemctl that counts its runs
	printf '#!/bin/sh\necho x >>"%s"\necho "systemd %s"\necho "+PAM -SELINUX"\n' "$asked" "$1" \
		>"$TMP/sysd/systemctl"
	chmod +x "$TMP/sysd/systemctl"
}
runs() { [ -f "$asked" ] && wc -l <"$asked" || echo 0; }
version_is() {
	ct_eq "$CT_STATUS" 0 "status of /bin/true"
	ct_json "r['host']['systemd_version'] == '$1'"
}
export XDG_CACHE_HOME=$TMP/cache
mkdir -p "$XDG_CACHE_HOME"
export PATH=$TMP/sysd:$PATH
fake '999 (fake-1)'

ct_run /bin/true
version_is '999 (fake-1)'
ct_eq "$(runs)" 1 "systemctl runs after the first run"
[ -f "$XDG_CACHE_HOME/coldtrace/systemctl-version" ] || ct_fail "no cache file"
ct_run /bin/true
version_is '999 (fake-1)'
ct_eq "$(runs)" 1 "systemctl runs after a second run (cached)"

# An upgrade: another file, another answer.
fake '1000 (fake-2)'
touch -d '2001-01-01' "$TMP/sysd/systemctl"
ct_run /bin/true
version_is '1000 (fake-2)'
ct_eq "$(runs)" 2 "systemctl runs after it changed"

# A corrupt cache is a miss, and is written anew.
printf 'garbage\n\n\nmore\n' >"$XDG_CACHE_HOME/coldtrace/systemctl-version"
ct_run /bin/true
version_is '1000 (fake-2)'
ct_eq "$(runs)" 3 "systemctl runs after the cache was corrupted"
ct_run /bin/true
ct_eq "$(runs)" 3 "systemctl runs once the cache is rewritten"

# A cache that cannot be written: asked every time, the answer the same.
printf 'not a directory\n' >"$TMP/file"
export XDG_CACHE_HOME=$TMP/file/cache
ct_run /bin/true
version_is '1000 (fake-2)'
ct_run /bin/true
version_is '1000 (fake-2)'
ct_eq "$(runs)" 5 "systemctl runs with an unwritable cache"

# A cache home that is not this user's (root with another user's HOME):
# used for nothing, and nothing made in it.
if [ "$(id -u)" = 0 ]; then
	mkdir -p "$TMP/theirs"
	chown 65534 "$TMP/theirs"
	export XDG_CACHE_HOME=$TMP/theirs
	ct_run /bin/true
	version_is '1000 (fake-2)'
	ct_eq "$(runs)" 6 "systemctl runs with a cache home of another user's"
	[ -e "$TMP/theirs/coldtrace" ] && ct_fail "made $(ls -la "$TMP/theirs")"
fi

# A fresh account has no cache home: it is made 0700 (the XDG rule), in a
# directory of this user's only, and the next run uses it.
export XDG_CACHE_HOME=$TMP/fresh/.cache
mkdir -p "$TMP/fresh"
ct_run /bin/true
version_is '1000 (fake-2)'
ct_eq "$(stat -c %a "$XDG_CACHE_HOME" 2>&1)" 700 "mode of the cache home made"
ct_run /bin/true
ct_eq "$(runs)" 7 "systemctl runs with a cache home made by the first run"
# ... also where the user's directory is reached through a link (a HOME
# that is a symbolic link).
mkdir -p "$TMP/fresh2"
ln -s "$TMP/fresh2" "$TMP/home-link"
export XDG_CACHE_HOME=$TMP/home-link/.cache
ct_run /bin/true
ct_run /bin/true
ct_eq "$(runs)" 8 "systemctl runs with a cache home made behind a link"
[ -d "$TMP/fresh2/.cache/coldtrace" ] || ct_fail "no cache home made behind the link"
if [ "$(id -u)" = 0 ]; then
	export XDG_CACHE_HOME=$TMP/theirs/.cache
	ct_run /bin/true
	ct_eq "$(runs)" 9 "systemctl runs with no cache home in another user's directory"
	[ -e "$XDG_CACHE_HOME" ] && ct_fail "a cache home made in another user's directory"
fi

# A systemctl that fails leaves no answer, and none is kept.
export XDG_CACHE_HOME=$TMP/cache2
mkdir -p "$XDG_CACHE_HOME"
printf '#!/bin/sh\necho x >>"%s"\nexit 3\n' "$asked" >"$TMP/sysd/systemctl"
ct_run /bin/true
ct_json "r['host']['systemd_version'] is None"
[ -e "$XDG_CACHE_HOME/coldtrace/systemctl-version" ] && ct_fail "a failed answer was cached"
# No systemctl on PATH: null, nothing asked, nothing cached.
mkdir -p "$TMP/nosys"
ln -sf /bin/true "$TMP/nosys/true"
export XDG_CACHE_HOME=$TMP/cache3
mkdir -p "$XDG_CACHE_HOME"
PATH=$TMP/nosys "$CT" --runs-dir "$TMP/runs" --quiet -- true 2>"$TMP/err"
ct_eq $? 0 "status of true with a PATH without systemctl"
RUN=$(ct_run_dir_from "$TMP/err")
ct_json "r['host']['systemd_version'] is None"
[ -e "$XDG_CACHE_HOME/coldtrace" ] && ct_fail "a cache made without systemctl"
exit 0
