#!/usr/bin/env python3
"""Module import graph of a crate's src/ and its cycles (strongly connected components).
Usage: cycles.py SRC_DIR [crate_prefix]   e.g. cycles.py scopa-core/src
Exits 1 when there is a cycle (CI runs it on scopa-core and the firmware's UI crate).
A module is a file path (foo.rs or foo/mod.rs -> foo); `use crate::a::b` and `crate::a::b::` paths
in code count as an edge to the deepest module that exists."""
import os, re, sys
src = sys.argv[1]; prefix = sys.argv[2] if len(sys.argv) > 2 else 'crate'
sys.setrecursionlimit(10000)
mods = {}
for root, _, files in os.walk(src):
    for f in files:
        if not f.endswith('.rs'): continue
        p = os.path.relpath(os.path.join(root, f), src)[:-3]
        parts = p.split(os.sep)
        if parts[-1] in ('mod', 'lib', 'main'): parts = parts[:-1]
        if parts and parts[-1] == 'tests': continue  # test modules
        mods['::'.join(parts) or '<root>'] = os.path.join(root, f)
def strip(text):
    text = re.sub(r'//[^\n]*', '', text)
    # drop #[cfg(test)] mod tests { ... } blocks crudely: from "#[cfg(test)]" to end
    i = text.find('#[cfg(test)]\nmod tests')
    return text if i < 0 else text[:i]
edges = {m: set() for m in mods}
for m, path in mods.items():
    text = strip(open(path).read())
    # expand `use crate::{a, b::c}` groups
    for g in re.finditer(r'use\s+' + prefix + r'::\{([^;]*)\};', text, re.S):
        for item in re.split(r',\s*(?![^{]*\})', g.group(1)):
            item = item.strip()
            if item: text += f'\n{prefix}::{item.split("{")[0].rstrip(":")}::X'
    for hit in re.finditer(prefix + r'((?:::[A-Za-z_][A-Za-z0-9_]*)+)', text):
        parts = hit.group(1).strip(':').split('::')
        best = None
        for k in range(len(parts), 0, -1):
            cand = '::'.join(parts[:k])
            if cand in mods: best = cand; break
        if best and best != m and not m.startswith(best + '::') :
            edges[m].add(best)
    # super:: references
    parent = '::'.join(m.split('::')[:-1]) or '<root>'
    for hit in re.finditer(r'super((?:::[A-Za-z_][A-Za-z0-9_]*)+)', text):
        parts = hit.group(1).strip(':').split('::')
        base = parent.split('::') if parent != '<root>' else []
        for k in range(len(parts), 0, -1):
            cand = '::'.join(base + parts[:k])
            if cand in mods and cand != m: edges[m].add(cand); break
# Tarjan
idx = {}; low = {}; st = []; on = set(); sccs = []; c = [0]
sys.setrecursionlimit(10000)
def sc(v):
    idx[v] = low[v] = c[0]; c[0] += 1; st.append(v); on.add(v)
    for w in edges[v]:
        if w not in idx: sc(w); low[v] = min(low[v], low[w])
        elif w in on: low[v] = min(low[v], idx[w])
    if low[v] == idx[v]:
        comp = []
        while True:
            w = st.pop(); on.discard(w); comp.append(w)
            if w == v: break
        if len(comp) > 1: sccs.append(sorted(comp))
for v in sorted(mods):
    if v not in idx: sc(v)
print(f'{len(mods)} modules, {sum(len(e) for e in edges.values())} edges, {len(sccs)} cycles')
for comp in sccs:
    print('cycle:', ' <-> '.join(comp))
    for a in comp:
        for b in sorted(edges[a]):
            if b in comp: print(f'   {a} -> {b}')
sys.exit(1 if sccs else 0)
