#!/usr/bin/env python3
"""Writes the tables of lessc's results that reflc is checked against
(ColorFunctionTableTests):

- Fixtures/lessc/color-functions.tsv: reflc's color functions over a grid of
  inputs; each row is an expression, then the red, green and blue channels
  (0-255, as lessc keeps them, unrounded) and the alpha (0-1) that lessc 3
  computes for it, read with its red(), green(), blue() and alpha() functions;
- Fixtures/lessc/numbers.tsv: arithmetic and math functions; each row is an
  expression and the value lessc prints for it.

    NODE_PATH=/usr/share/nodejs scripts/lessc-color-table.py

Needs lessc (`apt-get install node-less node-tslib`). The number rows avoid
what reflc does differently on purpose: `pt` (lessc converts it to `px`),
dividing two lengths (lessc keeps `px`) and multiplying two (lessc keeps the
left unit).
"""
import os
import subprocess
import sys
import tempfile

COLORS = [
    "#3a7bd5", "#e74c3c", "#2ecc71", "#f1c40f", "#8e44ad", "#000000", "#ffffff", "#808080",
    "rgba(58, 123, 213, 0.5)", "rgba(255, 128, 0, 0.2)", "hsl(200, 20%, 30%)", "hsl(330, 90%, 85%)",
]
AMOUNTS = ["0%", "10%", "35%", "100%", "150%", "-10%"]
WEIGHTS = ["0%", "25%", "50%", "75%", "100%"]
ANGLES = ["0", "30", "-45", "180", "400", "90deg", "-0.5deg"]


def expressions():
    for color in COLORS:
        for function in ["lighten", "darken", "saturate", "desaturate", "fadein", "fadeout", "fade"]:
            for amount in AMOUNTS:
                yield f"{function}({color}, {amount})"
        for angle in ANGLES:
            yield f"spin({color}, {angle})"
        yield f"greyscale({color})"
        yield f"contrast({color})"
        yield f"contrast({color}, #222222, #eeeeee)"
        yield f"contrast({color}, #eeeeee, #222222, 30%)"
        for weight in WEIGHTS:
            yield f"tint({color}, {weight})"
            yield f"shade({color}, {weight})"
    pairs = [(COLORS[i], COLORS[(i * 5 + 3) % len(COLORS)]) for i in range(len(COLORS))]
    for first, second in pairs:
        yield f"mix({first}, {second})"
        for weight in WEIGHTS:
            yield f"mix({first}, {second}, {weight})"
    yield "darken(lighten(#3a7bd5, 20%), 5%)"
    yield "fade(mix(#e74c3c, #2ecc71, 30%), 40%)"
    yield "spin(desaturate(hsl(10, 80%, 50%), 20%), 90)"


NUMBERS = [
    "8px * 2", "2 * 8px", "(8px + 4px) / 2", "(44px - 4px) / 2", "8px + 2", "2 + 8px", "50% * 2", "50% + 10",
    "10px / 4", "0.1 + 0.2", "1 / 3", "-8px * 3", "2 + 3 * 4", "(2 + 3) * 4", "2 * (3 + 4) - 1", "-(2 + 3)",
    "12px - 4px - 2px", "100% / 3", "90deg + 45deg", "90deg * 2", "round(2.5)", "round(-2.5)", "round(2.675, 2)",
    "round(1.23456px, 3)", "round(0.5%)", "ceil(2.1px)", "ceil(-2.1)", "floor(-2.1)", "floor(2.9%)", "abs(-4px)",
    "abs(3)", "min(3px, 1px, 2px)", "max(10%, 50%, 20%)", "min(-1, 2)", "percentage(0.5)", "percentage(0.123456)",
    "percentage(1.5)",
]


def lessc_values(declarations):
    """Runs lessc on one rule holding `declarations` (name, value) and
    returns what it prints for each name."""
    source_text = "a {\n" + "\n".join(f"  {name}: {value};" for name, value in declarations) + "\n}\n"
    with tempfile.NamedTemporaryFile("w", suffix=".less", delete=False) as source:
        source.write(source_text)
    try:
        css = subprocess.run(["lessc", source.name], check=True, capture_output=True, text=True).stdout
    finally:
        os.unlink(source.name)
    values = {}
    for line in css.splitlines():
        line = line.strip().rstrip(";")
        if ":" in line:
            key, value = line.split(":", 1)
            values[key.strip()] = value.strip()
    return values


def write_numbers(root):
    values = lessc_values((f"n{index}", expression) for index, expression in enumerate(NUMBERS))
    with open(os.path.join(root, "Fixtures", "lessc", "numbers.tsv"), "w") as table:
        table.write("# lessc 3 on the expression in the first column: the value it prints.\n")
        table.write("# Written by scripts/lessc-color-table.py; checked by ColorFunctionTableTests.\n")
        for index, expression in enumerate(NUMBERS):
            table.write(f"{expression}\t{values[f'n{index}']}\n")


def main():
    write_numbers(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    rows = list(expressions())
    values = lessc_values((f"e{index}-{channel}", f"{channel}({expression})")
                          for index, expression in enumerate(rows) for channel in ["red", "green", "blue", "alpha"])
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    out = os.path.join(root, "Fixtures", "lessc", "color-functions.tsv")
    with open(out, "w") as table:
        table.write("# lessc 3 (" + subprocess.run(["lessc", "--version"], capture_output=True, text=True).stdout.strip()
                    + ") on the expression in the first column: red, green, blue (0-255) and alpha (0-1).\n")
        table.write("# Written by scripts/lessc-color-table.py; checked by ColorFunctionTableTests.\n")
        for index, expression in enumerate(rows):
            channels = [values[f"e{index}-{channel}"] for channel in ["red", "green", "blue", "alpha"]]
            table.write("\t".join([expression] + channels) + "\n")
    print(f"{len(rows)} rows written to {out}", file=sys.stderr)


if __name__ == "__main__":
    main()
