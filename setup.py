"""`pip install .`: the Python package `belote` (docs/python.md), its compiled
part built by CMake for the interpreter that runs pip, the shipped rulesets
inside the package.

Debian 12's setuptools and wheel are the build backend (pyproject.toml), so
that a clone installs with no network:

    python3 -m venv --system-site-packages venv
    venv/bin/pip install --no-build-isolation .

BELOTE_BUILD_DIR names a CMake build tree to build the module in (one made
by `cmake -S . -B build`, configured for the same interpreter), setuptools'
files then going to its pip/; by default a tree of its own is configured
under build/pip.
"""

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

SOURCE = Path(__file__).resolve().parent
PIP_BUILD = Path("build") / "pip"


def version():
    """The project's version, as CMakeLists.txt's project() states it."""
    match = re.search(r"project\(belote-rules VERSION ([0-9.]+)", (SOURCE / "CMakeLists.txt").read_text())
    return match.group(1)


class CMakeBuild(build_ext):
    """Builds the module `belote._belote` with CMake, for this interpreter."""

    def build_extension(self, ext):
        if not shutil.which("cmake"):
            sys.exit("belote: building the module needs CMake (and the libraries scripts/install-deps installs)")
        given = os.environ.get("BELOTE_BUILD_DIR")
        tree = Path(given).resolve() if given else (SOURCE / PIP_BUILD / "cmake")
        if not given:
            self.announce(f"belote: configuring {tree} for {sys.executable}", level=2)
            subprocess.run(["cmake", "-S", str(SOURCE), "-B", str(tree), "-DCMAKE_BUILD_TYPE=Release",
                            "-DBELOTE_BUILD_TESTS=OFF", "-DBELOTE_BUILD_EXAMPLES=OFF", "-DBELOTE_BUILD_BENCH=OFF",
                            f"-DPython_EXECUTABLE={sys.executable}"], check=True)
        jobs = os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL", str(os.cpu_count() or 1))
        subprocess.run(["cmake", "--build", str(tree), "--target", "belote_python", "-j", jobs], check=True)
        built = list((tree / "python" / "belote").glob("_belote*.so"))
        if not built:
            sys.exit(f"belote: CMake built no module in {tree}/python/belote: its configure step says why "
                     "(the module needs python3-dev and pybind11-dev: scripts/install-deps)")
        target = Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(built[0], target)


class PackageFiles(build_py):
    """The package's Python files, with the shipped rulesets inside it and a
    _location.py that finds them there."""

    def run(self):
        super().run()
        package = Path(self.build_lib) / "belote"
        rulesets = package / "rulesets"
        rulesets.mkdir(parents=True, exist_ok=True)
        for ruleset in sorted((SOURCE / "rulesets").glob("*.toml")):
            shutil.copyfile(ruleset, rulesets / ruleset.name)
        template = (SOURCE / "python" / "belote" / "_location.py.in").read_text()
        (package / "_location.py").write_text(
            template.replace("@BELOTE_PYTHON_RULESETS_DIR@", "rulesets")
            .replace("@BELOTE_PYTHON_RULESETS_RELATIVE@", "True")
            .replace("@Python_EXECUTABLE@", sys.executable))


# setuptools' own files go beside the CMake tree, not among the sources.
if os.environ.get("BELOTE_BUILD_DIR"):
    PIP_BUILD = Path(os.environ["BELOTE_BUILD_DIR"]).resolve() / "pip"
(SOURCE / PIP_BUILD).mkdir(parents=True, exist_ok=True)
setup(
    version=version(),
    packages=["belote"],
    package_dir={"belote": "python/belote"},
    package_data={"belote": ["_belote.pyi", "py.typed"]},
    ext_modules=[Extension("belote._belote", sources=[])],
    cmdclass={"build_ext": CMakeBuild, "build_py": PackageFiles},
    options={"build": {"build_base": str(PIP_BUILD)}, "egg_info": {"egg_base": str(PIP_BUILD)}},
    zip_safe=False,
)
