#!/bin/sh
# `npm start`: the store's production process, with the memory settings it is measured with
# (the bench starts the server through this file too, so it never measures another process).
set -e
cd "$(dirname "$0")/.."

# jemalloc, where the machine has it (Debian and Ubuntu: `apt install libjemalloc2`), instead of
# glibc's malloc: glibc keeps the pages its threads once filled (PGlite's WebAssembly compiler,
# the garbage collector's helpers) in holes it cannot hand back; jemalloc returns freed pages
# from a background thread. About 50 MB less at start on the embedded database with 20,000
# products, at the same speed (docs/decisions/097). An LD_PRELOAD already set is kept.
for lib in \
  /usr/lib/x86_64-linux-gnu/libjemalloc.so.2 \
  /usr/lib/aarch64-linux-gnu/libjemalloc.so.2 \
  /usr/lib64/libjemalloc.so.2 \
  /usr/local/lib/libjemalloc.so.2 \
  /usr/lib/libjemalloc.so.2; do
  if [ -r "$lib" ]; then
    export LD_PRELOAD="$lib${LD_PRELOAD:+ $LD_PRELOAD}"
    # Two arenas, and freed pages returned within a second (docs/decisions/105): returned at
    # once, the same pages were faulted in again by the next requests, up to a million faults in
    # ten seconds under load, and the slowest answers waited on them.
    export MALLOC_CONF="${MALLOC_CONF:-background_thread:true,narenas:2,dirty_decay_ms:1000,muzzy_decay_ms:0}"
    break
  fi
done

# Without jemalloc (ignored with it): glibc keeps two arenas instead of one per thread that ever
# allocated, and hands blocks of 128 KB and more straight back when freed (docs/decisions/093).
export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}"
export MALLOC_MMAP_THRESHOLD_="${MALLOC_MMAP_THRESHOLD_:-131072}"

# Below about 1 GB of heap, V8 collects once the heap is about 1.3 times what is live instead of
# 4 times (docs/decisions/086); an 8 MB young generation (16 by default) keeps less short-lived
# garbage resident for about the same speed (docs/decisions/092).
exec node --max-old-space-size=384 --max-semi-space-size=8 scripts/start.mjs "$@"
