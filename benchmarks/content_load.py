"""How long the course and the puzzle collection take to load, checks included.

    python benchmarks/content_load.py [--runs 5] [--lessons DIR] [--puzzles DIR]

Every lesson position and every puzzle is checked by the solver when it loads
(docs/lessons.md, docs/puzzles.md). Each run is a fresh Python process, so no table
or cache of an earlier run helps: it times ``load_all()`` (the lessons, in English) and
``load_collection()`` (the puzzles), and the slowest lesson files and puzzle files.
Prints the median and the slowest of the runs, in seconds.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Dict, List, Optional

ROOT = Path(__file__).resolve().parents[1]

#: One run, in a fresh interpreter: the timings as JSON on standard output.
ONE_RUN = r'''
import json, sys, time
from pathlib import Path
from spar_tutor.i18n import set_language
set_language("en")
from spar_tutor.lessons.loader import load_all, load_lesson
from spar_tutor.lessons.loader import lessons_folder
from spar_tutor.puzzles.loader import load_collection, load_file, puzzles_dir
lessons, puzzles = (Path(p) if p else None for p in sys.argv[1:3])
files = {}
t = time.perf_counter()
course = load_all(lessons)
out = {"lessons": time.perf_counter() - t, "lesson_count": len(course)}
t = time.perf_counter()
collection = load_collection(puzzles)
out["puzzles"] = time.perf_counter() - t
out["puzzle_count"] = len(collection.puzzles)
out["problems"] = len(collection.problems) + sum(1 for l in course if hasattr(l, "problems"))
if sys.argv[3] == "files":
    for path in sorted((lessons or lessons_folder()).glob("*.toml")):
        t = time.perf_counter(); load_lesson(path); files[path.name] = time.perf_counter() - t
    for path in sorted((puzzles or puzzles_dir()).glob("*.toml")):
        t = time.perf_counter(); load_file(path, False); files[path.name] = time.perf_counter() - t
out["files"] = files
print(json.dumps(out))
'''


def one_run(lessons: Optional[str], puzzles: Optional[str], files: bool) -> Dict[str, object]:
    """Load the course and the puzzles once, in a new process; the timings."""
    done = subprocess.run([sys.executable, "-c", ONE_RUN, lessons or "", puzzles or "",
                           "files" if files else "-"], cwd=ROOT, check=True,
                          capture_output=True, text=True)
    result: Dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="fresh processes to time (default 5)")
    parser.add_argument("--lessons", help="the lessons folder (default: the shipped course)")
    parser.add_argument("--puzzles", help="the puzzle folder (default: the curated puzzles)")
    parser.add_argument("--files", action="store_true", help="also time each file (the last run)")
    args = parser.parse_args(argv)
    runs = [one_run(args.lessons, args.puzzles, args.files and i == args.runs - 1)
            for i in range(args.runs)]
    first = runs[0]
    print(f"{first['lesson_count']} lessons, {first['puzzle_count']} puzzles, "
          f"{first['problems']} problems; {len(runs)} fresh processes")
    for what in ("lessons", "puzzles"):
        times = [float(r[what]) for r in runs]  # type: ignore[arg-type]
        print(f"load {what:<8} median {statistics.median(times):6.2f} s   "
              f"slowest {max(times):6.2f} s")
    files = runs[-1]["files"]
    if files:
        assert isinstance(files, dict)
        print("slowest files (one load each):")
        for name, seconds in sorted(files.items(), key=lambda kv: -kv[1])[:8]:
            print(f"  {name:<32} {seconds:6.2f} s")
    return 0 if first["problems"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
