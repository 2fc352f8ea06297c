#!/usr/bin/env python3
"""The layers of ARCHITECTURE.md, checked: each folder of src/ includes
headers only from itself and the folders below it, and only the app
includes GTK.
  check-layers.py SOURCE-ROOT"""
import os
import re
import sys

# Each layer and the layers it may use (besides itself).
ALLOWED = {
    'core': [],
    'pgn': ['core'],
    'engine': ['core'],
    'players': ['core', 'engine'],
    'model': ['core', 'pgn', 'engine', 'players'],
    'app': ['core', 'pgn', 'engine', 'players', 'model'],
    'cli': ['core', 'pgn', 'engine', 'players', 'model'],
}
# System headers a layer may not include, with what they would bring in.
FORBIDDEN = {
    'core': r'^(gio/|gtk/|adwaita|librsvg)',
    'pgn': r'^(gio/|gtk/|adwaita|librsvg)',
    'engine': r'^(gio/|gtk/|adwaita|librsvg)',
    'players': r'^(gtk/|adwaita|librsvg)',
    'model': r'^(gtk/|adwaita|librsvg)',
    'cli': r'^(gtk/|adwaita|librsvg)',
}

src = os.path.join(sys.argv[1], 'src')
owner = {}
for layer in ALLOWED:
    for name in os.listdir(os.path.join(src, layer)):
        if name.endswith('.h'):
            owner[name] = layer

include = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]', re.M)
problems = []
for layer, below in ALLOWED.items():
    folder = os.path.join(src, layer)
    for name in sorted(os.listdir(folder)):
        if not name.endswith(('.c', '.h')):
            continue
        with open(os.path.join(folder, name), encoding='utf-8') as f:
            text = f.read()
        for kind, header in include.findall(text):
            where = f'src/{layer}/{name}'
            if kind == '"':
                home = owner.get(os.path.basename(header))
                if home is not None and home != layer and home not in below:
                    problems.append(f'{where} includes {header} from src/{home}, above it')
            elif layer in FORBIDDEN and re.match(FORBIDDEN[layer], header):
                problems.append(f'{where} includes <{header}>, not for this layer')

for p in problems:
    print(p)
print(f'{len(problems)} include(s) against the layers' if problems else 'the layers hold')
sys.exit(1 if problems else 0)
