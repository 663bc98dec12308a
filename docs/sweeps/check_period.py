#!/usr/bin/env python3
# Usage: python3 check_period.py CODE PREPERIOD PERIOD   (needs numpy)
#
# An independent check of a proven period of an octal game, from the definition alone
# (Winning Ways ch. 4; Flammenkamp's notation): digit d_k has bit 1 (leave no heap), bit 2
# (leave one heap), bit 4 (leave two heaps) for taking k beans; d_0 = 4 splits a heap in two.
import sys
import numpy as np

def values(code, last):
    whole, digits = code.split('.')
    ds = [int(whole)] + [int(c) for c in digits]
    g = np.zeros(last + 1, dtype=np.int64)
    size = 1 << 12
    for n in range(1, last + 1):
        seen = np.zeros(size + 1, dtype=bool)
        for k, d in enumerate(ds):
            if k > n:
                break
            r = n - k
            if d & 1 and r == 0 and k > 0:
                seen[0] = True
            if d & 2 and r >= 1 and k > 0:
                seen[g[r]] = True
            if d & 4 and r >= 2:
                half = r // 2
                seen[g[1:half + 1] ^ g[r - 1:r - half - 1:-1]] = True
        # The mex: the first value not seen (values stay below 2^12 for the codes checked).
        m = int(np.argmin(seen))
        assert m < size, "a value past 2^12: widen the table"
        g[n] = m
    return g

code, pre, per = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
t = len(code.split('.')[1])
last = 2 * pre + 2 * per + t
g = values(code, last)
ok = all(g[n + per] == g[n] for n in range(pre, 2 * pre + per + t))
# The preperiod is the least: G(pre - 1 + per) differs from G(pre - 1).
least = pre == 0 or g[pre - 1 + per] != g[pre - 1]
print(code, "checked to", last, "period holds:", ok, "preperiod least:", least)
print("first values:", g[:20].tolist())
