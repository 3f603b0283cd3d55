"""The package installs as python/README.md says — into a virtual environment that sees Debian's httpx and
setuptools, offline — and imports there with its types (py.typed) and generated modules."""

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

import rampart

PYTHON = Path(__file__).resolve().parents[1]


def test_installs_offline_into_a_venv_and_imports_from_elsewhere() -> None:
    with tempfile.TemporaryDirectory() as scratch:
        # A copy: pip builds in the source tree (build/, *.egg-info), which must stay clean.
        source = Path(scratch) / "python"
        shutil.copytree(PYTHON, source, ignore=shutil.ignore_patterns("tests", "__pycache__"))
        venv = Path(scratch) / "venv"
        made = subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", str(venv)], capture_output=True, text=True)
        if made.returncode != 0:
            reason = f"no venv with pip here (apt-get install python3-venv): {made.stderr.strip()[-200:]}"
            if os.environ.get("RAMPART_TOOLS_REQUIRED") == "1":
                pytest.fail(reason)
            pytest.skip(reason)
        env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")} | {"PYTHONDONTWRITEBYTECODE": "1"}
        pip = subprocess.run(
            [str(venv / "bin" / "pip"), "install", "-q", "--no-build-isolation", "--no-index", str(source)],
            capture_output=True, text=True, env=env,
        )
        assert pip.returncode == 0, pip.stdout + pip.stderr
        check = subprocess.run(
            [
                str(venv / "bin" / "python"), "-c",
                "import pathlib, rampart, rampart.types; p = pathlib.Path(rampart.__file__).parent;"
                " print(rampart.__version__, (p / 'py.typed').exists(), (p / '_generated' / 'models.py').exists(), rampart.Client('rk_test_x').base_url)",
            ],
            capture_output=True, text=True, env=env, cwd=scratch,
        )
        assert check.returncode == 0, check.stderr
        assert check.stdout.split() == [rampart.__version__, "True", "True", "http://127.0.0.1:8081"]
