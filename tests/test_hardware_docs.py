"""The hardware/ build documents agree with the configuration and with themselves.

A café builds the table from hardware/ alone, so a pin table that drifts from
config/kiosk.toml, a broken link or a unit file without Restart= is a real defect.
"""

from __future__ import annotations

import ast
import configparser
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from kiosk.config import load_settings

ROOT = Path(__file__).resolve().parent.parent
HW = ROOT / "hardware"

# BCM GPIO number -> physical pin on the 40-pin header (same on Pi 4 and Pi 5).
PI_HEADER = {
    2: 3, 3: 5, 4: 7, 17: 11, 27: 13, 22: 15, 10: 19, 9: 21, 11: 23, 5: 29, 6: 31,
    13: 33, 19: 35, 26: 37, 14: 8, 15: 10, 18: 12, 23: 16, 24: 18, 25: 22, 8: 24,
    7: 26, 12: 32, 16: 36, 20: 38, 21: 40, 0: 27, 1: 28,
}
# RP2040 GPIO -> physical pin on the Raspberry Pi Pico's edge.
PICO_EDGE = {
    0: 1, 1: 2, 2: 4, 3: 5, 4: 6, 5: 7, 6: 9, 7: 10, 8: 11, 9: 12, 10: 14, 11: 15,
    12: 16, 13: 17, 14: 19, 15: 20, 16: 21, 17: 22, 18: 24, 19: 25, 20: 26, 21: 27,
    22: 29, 26: 31, 27: 32, 28: 34,
}


def table_rows(text: str, first_cell: str) -> list[list[str]]:
    """Cells of every Markdown table row whose first cell matches ``first_cell``."""
    rows = []
    for line in text.splitlines():
        if not line.startswith("|"):
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if re.fullmatch(first_cell, cells[0]):
            rows.append(cells)
    return rows


# ------------------------------------------------------------------------------ Pi GPIO


def expected_pi_pins() -> dict[int, tuple[str, str]]:
    """GPIO -> (role, seat) as config/kiosk.toml assigns them; roles as diagnose prints."""
    gpio = load_settings().gpio
    pins = {gpio.pads.a: ("pad:a", "–"), gpio.pads.b: ("pad:b", "–")}
    for seat in gpio.seats:
        pins[seat.button] = ("button", str(seat.seat))
        for led in ("green", "yellow", "red"):
            if (pin := getattr(seat, f"{led}_led")) is not None:
                pins[pin] = (f"led:{led}", str(seat.seat))
    return pins


def documented_pi_pins() -> dict[int, tuple[int, str, str]]:
    text = (HW / "wiring-pi.md").read_text(encoding="utf-8")
    rows = table_rows(text, r"GPIO \d+")
    found: dict[int, tuple[int, str, str]] = {}
    for cells in rows:
        gpio = int(cells[0].split()[1])
        assert gpio not in found, f"wiring-pi.md lists GPIO {gpio} twice"
        found[gpio] = (int(cells[1]), cells[2].strip("`"), cells[3])
    return found


def test_every_configured_pi_pin_is_in_the_wiring_table_with_its_role():
    expected = expected_pi_pins()
    documented = documented_pi_pins()
    assert len(expected) >= 8  # pads plus at least one seat: the parse really ran
    for pin, (role, seat) in sorted(expected.items()):
        assert pin in documented, f"GPIO {pin} ({role}, seat {seat}) missing in wiring-pi.md"
        _, doc_role, doc_seat = documented[pin]
        assert (doc_role, doc_seat) == (role, seat), (
            f"GPIO {pin}: kiosk.toml says {role} seat {seat}, "
            f"wiring-pi.md says {doc_role} seat {doc_seat}"
        )


def test_wiring_table_has_no_pin_the_config_does_not_use():
    extra = set(documented_pi_pins()) - set(expected_pi_pins())
    assert not extra, f"wiring-pi.md wires GPIOs that kiosk.toml does not use: {sorted(extra)}"


def test_header_positions_match_the_bcm_numbers():
    for gpio, (header, role, _) in documented_pi_pins().items():
        assert PI_HEADER[gpio] == header, (
            f"GPIO {gpio} ({role}) is header pin {PI_HEADER[gpio]}, not {header}"
        )


# ------------------------------------------------------------------------------ Pico pins


def pico_pins() -> dict[str, object]:
    text = (HW / "pinout-pico.md").read_text(encoding="utf-8")
    bus = {c[0]: (int(c[1][2:]), int(c[2])) for c in table_rows(text, r"SCK|MOSI|MISO")}
    readers = table_rows(text, r"\d( \(.*\))?")
    cs = [(int(r[2][2:]), int(r[3])) for r in readers]
    rst = [(int(r[4][2:]), int(r[5])) for r in readers]
    return {"bus": bus, "cs": cs, "rst": rst}


def test_pico_pinout_is_consistent():
    pins = pico_pins()
    assert set(pins["bus"]) == {"SCK", "MOSI", "MISO"}
    assert len(pins["cs"]) >= 5 and len(pins["rst"]) >= 5
    every = list(pins["bus"].values()) + pins["cs"] + pins["rst"]
    gps = [gp for gp, _ in every]
    assert len(gps) == len(set(gps)), f"a Pico GPIO has two jobs: {sorted(gps)}"
    for gp, edge in every:
        assert PICO_EDGE.get(gp) == edge, f"GP{gp} is Pico pin {PICO_EDGE.get(gp)}, not {edge}"
    # SPI0 can only put SCK/MOSI/MISO on these pins.
    assert pins["bus"]["SCK"][0] in (2, 6, 18, 22)
    assert pins["bus"]["MOSI"][0] in (3, 7, 19, 23)
    assert pins["bus"]["MISO"][0] in (0, 4, 16, 20)


def board_config_values() -> dict[str, object]:
    """Module-level constants of firmware/board_config.py, read without importing it."""
    path = ROOT / "firmware" / "board_config.py"
    if not path.exists():
        pytest.skip("firmware/board_config.py does not exist yet; pinout-pico.md rules")
    values: dict[str, object] = {}
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
            if isinstance(target, ast.Name):
                try:
                    values[target.id.upper()] = ast.literal_eval(node.value)
                except ValueError:
                    continue
    return values


def test_firmware_board_config_matches_the_pico_pinout():
    values = board_config_values()
    pins = pico_pins()
    checked = 0
    for name, value in values.items():
        if isinstance(value, int) and not isinstance(value, bool):
            for signal in ("SCK", "MOSI", "MISO"):
                if signal in name:
                    doc = pins["bus"][signal][0]
                    assert value == doc, f"board_config {name} = {value}, pinout-pico.md: GP{doc}"
                    checked += 1
        elif isinstance(value, tuple | list) and value and "READER" in name:
            pairs = [tuple(v) for v in value]
            cs, rst = [gp for gp, _ in pins["cs"]], [gp for gp, _ in pins["rst"]]
            doc = list(zip(cs, rst, strict=True))
            assert pairs == doc, f"board_config {name} = {pairs}, pinout-pico.md: {doc}"
            checked += 1
    assert checked >= 4, "board_config.py no longer names SPI_SCK/MOSI/MISO and READERS"


def test_safe_mode_pin_is_documented():
    values = board_config_values()
    pin = values.get("SAFE_MODE_PIN")
    if pin is None:
        pytest.skip("board_config.py has no safe-mode pin")
    text = (HW / "pinout-pico.md").read_text(encoding="utf-8")
    rows = table_rows(text, "safe mode")
    assert rows and rows[0][1] == f"GP{pin}", f"pinout-pico.md does not give GP{pin} as safe mode"
    assert PICO_EDGE[pin] == int(rows[0][2])


# ------------------------------------------------------------------------------ SVG


def test_wiring_svg_parses_and_has_readable_text():
    svg = HW / "wiring.svg"
    root = ET.parse(svg).getroot()
    assert root.tag.endswith("svg")
    texts = ["".join(t.itertext()).strip() for t in root.iter() if t.tag.endswith("text")]
    texts = [t for t in texts if t]
    assert len(texts) >= 20, "the diagram should label its parts"
    joined = " ".join(texts)
    for word in ("hub", "Pico", "MISO", "1N4148", "GPIO 5", "GPIO 6"):
        assert word in joined, f"wiring.svg never says {word!r}"
    raw = svg.read_text(encoding="utf-8")
    sizes = [float(s) for s in re.findall(r"font-size\s*[:=]\s*\"?([\d.]+)", raw)]
    assert sizes, "wiring.svg sets no font size"
    assert min(sizes) >= 12, f"text smaller than 12 px in wiring.svg: {min(sizes)}"


# ------------------------------------------------------------------------------ udev


def active_lines(path: Path) -> list[str]:
    lines = path.read_text(encoding="utf-8").splitlines()
    return [ln.strip() for ln in lines if ln.strip() and not ln.lstrip().startswith("#")]


def test_udev_rules_give_boards_stable_names():
    rules = HW / "udev" / "99-kiosk-readers.rules"
    active = active_lines(rules)
    assert any("SYMLINK+=" in line for line in active), "no active SYMLINK rule"
    for line in active:
        assert re.search(r'SUBSYSTEM=="tty"', line), f"rule does not match ttys only: {line}"
        assert line.count('"') % 2 == 0, f"unbalanced quotes: {line}"
    text = rules.read_text(encoding="utf-8")
    for board in load_settings().readers.boards:
        name = Path(board.path).name
        assert name in text, f"{board.path} (seat {board.seat}) is not explained in the rules"


# ------------------------------------------------------------------------------ systemd


def unit_sections(path: Path) -> dict[str, dict[str, list[str]]]:
    sections: dict[str, dict[str, list[str]]] = {}
    current = None
    for line in active_lines(path):
        if m := re.fullmatch(r"\[(\w+)\]", line):
            current = sections.setdefault(m.group(1), {})
        else:
            key, _, value = line.partition("=")
            assert current is not None and _, f"not a unit file line: {line}"
            current.setdefault(key.strip(), []).append(value.strip())
    return sections


def test_systemd_unit_restarts_and_installs():
    unit = unit_sections(HW / "systemd" / "kiosk.service")
    assert {"Unit", "Service", "Install"} <= set(unit)
    service = unit["Service"]
    assert service["ExecStart"][-1].startswith("/"), "ExecStart needs an absolute path"
    assert service["Restart"] == ["always"]
    assert "RestartSec" in service
    assert unit["Install"].get("WantedBy"), "[Install] needs WantedBy="
    watchdog = service.get("WatchdogSec", ["0"])[-1]
    if watchdog not in ("0", "infinity"):
        assert service.get("Type") == ["notify"], (
            "WatchdogSec with a non-notify service kills an app that never pings"
        )


# ------------------------------------------------------------------------------ Kivy


def test_kivy_config_has_exactly_one_input_provider():
    config = configparser.ConfigParser(interpolation=None)
    config.read(HW / "pi" / "kivy-config.ini", encoding="utf-8")
    assert config.has_section("input")
    providers = list(config["input"])
    assert len(providers) == 1, f"several input providers double every touch: {providers}"


# ------------------------------------------------------------------------------ links


LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


def slug(heading: str) -> str:
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def markdown_links() -> list[tuple[Path, str]]:
    links = []
    for md in sorted(HW.rglob("*.md")):
        for target in LINK.findall(md.read_text(encoding="utf-8")):
            if not re.match(r"[a-z]+:", target):
                links.append((md, target))
    return links


def test_markdown_links_point_at_files_that_exist():
    links = markdown_links()
    assert len(links) >= 10, "hardware/ documents should link to each other"
    for md, target in links:
        file_part, _, anchor = target.partition("#")
        dest = (md.parent / file_part).resolve() if file_part else md
        assert dest.exists(), f"{md.relative_to(ROOT)} links to missing {target}"
        assert ROOT in dest.parents or dest == ROOT, f"{target} leaves the repository"
        if anchor and dest.suffix == ".md":
            headings = re.findall(r"^#+ (.+)$", dest.read_text(encoding="utf-8"), re.M)
            assert anchor in {slug(h) for h in headings}, f"{md.name}: no heading #{anchor}"


def linked_files(md: Path) -> set[Path]:
    targets = LINK.findall(md.read_text(encoding="utf-8"))
    return {
        (md.parent / t.partition("#")[0]).resolve()
        for t in targets
        if not re.match(r"[a-z]+:", t) and t.partition("#")[0]
    }


def test_readme_indexes_every_hardware_file():
    from_readme = linked_files(HW / "README.md")
    from_any = set().union(*(linked_files(md) for md in HW.rglob("*.md")))
    for path in sorted(p for p in HW.rglob("*") if p.is_file()):
        if path == HW / "README.md":
            continue
        where = from_readme if path.parent == HW else from_any
        assert path.resolve() in where, f"no document in hardware/ links to {path.relative_to(HW)}"


# ------------------------------------------------------------------------------ BOM


def test_bom_total_is_the_sum_of_its_lines():
    text = (HW / "bom.md").read_text(encoding="utf-8")
    lines = [r for r in table_rows(text, r"\d+") if len(r) >= 6]
    assert len(lines) >= 15, "the BOM should list the parts"
    total = 0.0
    for cells in lines:
        qty, unit, line_total = int(cells[3]), float(cells[4]), float(cells[5])
        assert abs(qty * unit - line_total) < 0.01, f"BOM line {cells[0]}: {qty} × {unit}"
        total += line_total
    stated = re.search(r"\*\*Total[^*€]*€\s*([\d.,]+)\*\*", text)
    assert stated, "bom.md states no **Total**"
    assert abs(float(stated.group(1).replace(",", "")) - total) < 0.01, (
        f"bom.md total {stated.group(1)} but the lines add up to {total:.2f}"
    )
