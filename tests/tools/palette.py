#!/usr/bin/env python3
# tests/tools/palette.py - how far apart the visualizer's colours are
#
# Reads the 256-colour indices of the object colours from src/tui/theme.c
# and of the outcome colours from src/tui/outcome.c, and prints, for
# normal vision and simulated protanopia, deuteranopia and tritanopia (Machado, Oliveira and Fernandes 2009,
# severity 1), the smallest CIEDE2000 difference between an object colour
# and an outcome colour, between two object colours (all, and the first
# four, which most scenarios use), and between two outcome colours (the
# greys, outcomes drawn without a colour, are left out).  An
# index used for both an outcome and an object is an error (exit 1).
#
#   python3 tests/tools/palette.py [src/tui/theme.c [src/tui/outcome.c]]
#
# With --pick N it also proposes N object colours, chosen greedily from the
# cube (L* 60-92, chroma >= 35) to be as far as possible from the outcome
# colours and from each other; a normal-vision difference counts 1/1.6.
import itertools
import math
import re
import sys

M = {  # linear RGB -> simulated linear RGB
    'protan': [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]],
    'deutan': [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.011820, 0.042940, 0.968881]],
    'tritan': [[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602], [0.004733, 0.691367, 0.303900]],
}


def xterm(i):
    if i < 232:
        i -= 16
        lv = [0, 95, 135, 175, 215, 255]
        return (lv[i // 36], lv[(i // 6) % 6], lv[i % 6])
    v = 8 + 10 * (i - 232)
    return (v, v, v)


def lin(c):
    c /= 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def delin(c):
    c = max(0.0, min(1.0, c))
    return 255 * (12.92 * c if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055)


def sim(rgb, kind):
    if kind == 'normal':
        return rgb
    l, m = [lin(c) for c in rgb], M[kind]
    return tuple(delin(sum(m[i][j] * l[j] for j in range(3))) for i in range(3))


def lab(rgb):
    r, g, b = [lin(c) for c in rgb]
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
    f = lambda t: t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116
    return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))


def de2000(p, q):
    (L1, a1, b1), (L2, a2, b2) = p, q
    C1, C2 = math.hypot(a1, b1), math.hypot(a2, b2)
    Cb = (C1 + C2) / 2
    G = 0.5 * (1 - math.sqrt(Cb ** 7 / (Cb ** 7 + 25 ** 7)))
    a1p, a2p = (1 + G) * a1, (1 + G) * a2
    C1p, C2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p, h2p = math.degrees(math.atan2(b1, a1p)) % 360, math.degrees(math.atan2(b2, a2p)) % 360
    dh = 0 if C1p * C2p == 0 else (h2p - h1p + 180) % 360 - 180
    dHp = 2 * math.sqrt(C1p * C2p) * math.sin(math.radians(dh / 2))
    Lbp, Cbp = (L1 + L2) / 2, (C1p + C2p) / 2
    if C1p * C2p == 0:
        hbp = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        hbp = (h1p + h2p) / 2
    else:
        hbp = (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    T = (1 - 0.17 * math.cos(math.radians(hbp - 30)) + 0.24 * math.cos(math.radians(2 * hbp))
         + 0.32 * math.cos(math.radians(3 * hbp + 6)) - 0.20 * math.cos(math.radians(4 * hbp - 63)))
    dth = 30 * math.exp(-((hbp - 275) / 25) ** 2)
    RC = 2 * math.sqrt(Cbp ** 7 / (Cbp ** 7 + 25 ** 7))
    SL = 1 + 0.015 * (Lbp - 50) ** 2 / math.sqrt(20 + (Lbp - 50) ** 2)
    SC, SH = 1 + 0.045 * Cbp, 1 + 0.015 * Cbp * T
    RT = -math.sin(math.radians(2 * dth)) * RC
    dLp, dCp = L2 - L1, C2p - C1p
    return math.sqrt((dLp / SL) ** 2 + (dCp / SC) ** 2 + (dHp / SH) ** 2 + RT * (dCp / SC) * (dHp / SH))


def d(i, j, kind):
    return de2000(lab(sim(xterm(i), kind)), lab(sim(xterm(j), kind)))


def read_theme(theme, outcome):
    # greys are the outcomes without a colour (their glyph says it); OOM
    # is white on its colour
    outs = [int(fg) if int(bg) < 0 else int(bg)
            for fg, bg in re.findall(r'\.ink = \{ (-?\d+), (-?\d+),', open(outcome).read())]
    outs = [c for c in outs if c >= 16 and math.hypot(*lab(xterm(c))[1:]) >= 20]
    objects = open(theme).read().split('objects[NR_OBJ_COLORS] = {')[1].split('};')[0]
    objs = [int(m) for m in re.findall(r'\[\d\] = \{ (\d+),', objects)]
    return outs, objs


def report(outs, objs):
    for kind in ('normal', 'protan', 'deutan', 'tritan'):
        oo = min(d(a, b, kind) for a in objs for b in outs)
        ob = min(d(a, b, kind) for a, b in itertools.combinations(objs, 2))
        o4 = min(d(a, b, kind) for a, b in itertools.combinations(objs[:4], 2))
        uu = min(d(a, b, kind) for a, b in itertools.combinations(outs, 2))
        print(f'{kind:7} object-outcome {oo:5.1f}  object-object {ob:5.1f} (first four {o4:5.1f})'
              f'  outcome-outcome {uu:5.1f}')


def pick(outs, n, w=1.6):
    score = lambda i, j: min(d(i, j, 'normal') / w, d(i, j, 'protan'), d(i, j, 'deutan'))
    cands = [i for i in range(16, 232) if 60 <= lab(xterm(i))[0] <= 92 and math.hypot(*lab(xterm(i))[1:]) >= 35]
    chosen = []
    for _ in range(n):
        best = max(cands, key=lambda c: min(score(c, o) for o in outs + chosen))
        chosen.append(best)
        cands.remove(best)
    return chosen


def main():
    args = [a for a in sys.argv[1:] if not a.startswith('--')]
    outs, objs = read_theme(args[0] if args else 'src/tui/theme.c', args[1] if args[1:] else 'src/tui/outcome.c')
    print('outcomes', outs)
    print('objects ', objs)
    shared = set(outs) & set(objs)
    report(outs, objs)
    if '--pick' in sys.argv:
        n = int(sys.argv[sys.argv.index('--pick') + 1])
        print('proposed objects', pick(outs, n))
    if shared:
        print('error: shared by outcomes and objects:', sorted(shared))
        sys.exit(1)


main()
