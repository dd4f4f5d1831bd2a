#!/usr/bin/env python3
"""DiPAut's scaling families, written here with the structure of its
scripts/m_range_example_generator.py and k_min_max_examples (the output is
byte for byte DiPAut's files):

  dipa_families.py m-range N    the m-Range automaton with N range pairs
                                (2N registers, 3N states)
  dipa_families.py k-min-max K  the k-min-max automaton (2 registers,
                                K + 1 states; min and max assigned at once)
"""
import sys


def m_range(n):
    lines, line, regs = [], 1, []
    d = f"1/{4 * n}"
    for i in range(1, n + 1):
        l, r = f"l{i}", f"r{i}"
        regs.append((l, r))
        lines.append(f"(q{line}:non-input,{d},0): {l}:= insample; output obot; goto q{line + 1}")
        lines.append(f"(q{line + 1}:non-input,{d},1): {r}:= insample; output obot; goto q{line + 2}")
        line += 2
    start, exit_state = line, line + n
    for k, (l, r) in enumerate(regs):
        nxt = start if k == n - 1 else line + 1
        lines.append(f"(q{line},1/4,0): if (insample >= {l} && insample < {r}) then output "
                     f"ocontinue; goto q{nxt} elseif (insample >= {l} && insample > {r}) then "
                     f"output otop; goto q{exit_state} elseif (insample < {l} && insample < {r}) "
                     f"then output obot; goto q{exit_state}")
        line += 1
    return "\n".join(lines) + "\n"


def k_min_max(k):
    d = f"1/{4 * k}"
    lines = [f"(q1,{d},0): min:= insample,max:= insample; output oread; goto q2"]
    for i in range(2, k + 1):
        lines.append(f"(q{i},{d},0): if (insample > max && insample > min) then max:= insample; "
                     f"output oread; goto q{i + 1} elseif (insample <= max && insample >= min) then "
                     f"output oread; goto q{i + 1} elseif (insample < max && insample < min) then "
                     f"min:= insample; output oread; goto q{i + 1}")
    lines.append(f"(q{k + 1},1/4,0): if (insample < max && insample < min) then output obot; "
                 f"goto q{k + 2} elseif (insample > max && insample > min) then output otop; "
                 f"goto q{k + 2} elseif (insample <= max && insample >= min) then output "
                 f"ocontinue; goto q{k + 1}")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] not in ("m-range", "k-min-max") \
            or not sys.argv[2].isdigit() or int(sys.argv[2]) < 1 \
            or (sys.argv[1] == "k-min-max" and int(sys.argv[2]) < 2):
        sys.exit("usage: dipa_families.py m-range N | k-min-max K (N >= 1, K >= 2)")
    n = int(sys.argv[2])
    sys.stdout.write(m_range(n) if sys.argv[1] == "m-range" else k_min_max(n))
