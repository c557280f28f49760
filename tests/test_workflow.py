"""The GitHub Pages workflow (.github/workflows/pages.yml) builds the site with the README's
build command and publishes dist/ with GitHub's Pages actions.

Plain text checks: PyYAML is not among the test requirements. actionlint, which
`python build.py test` runs where it is installed, checks the YAML itself.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import build

ROOT = Path(__file__).resolve().parents[1]
WORKFLOW = ROOT / ".github" / "workflows" / "pages.yml"


def readme_command(section: str) -> str:
    """The first ```sh block under the README's '## <section>' heading."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert f"\n## {section}\n" in text, f"README.md has no '## {section}' section"
    body = text.split(f"\n## {section}\n", 1)[1].split("\n## ", 1)[0]
    block = re.search(r"^```sh\n(.*?)^```", body, re.DOTALL | re.MULTILINE)
    assert block, f"README.md's '{section}' section has no ```sh block"
    return block.group(1).strip()


def jobs() -> dict[str, list[str]]:
    """Each job's lines (comments and blank lines left out), by the job's name."""
    text = WORKFLOW.read_text(encoding="utf-8")
    found: dict[str, list[str]] = {}
    current: list[str] | None = None
    in_jobs = False
    for line in text.splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if not line.startswith(" "):  # a top-level key
            in_jobs = line.rstrip() == "jobs:"
            current = None
            continue
        name = re.fullmatch(r"  ([A-Za-z_][\w-]*):\s*", line)
        if in_jobs and name:
            current = found.setdefault(name.group(1), [])
        elif in_jobs and current is not None:
            current.append(line.strip().removeprefix("- "))
    return found


def values(lines: list[str], key: str) -> list[str]:
    """The values of `key:` in these lines, in order (quotes left as they are)."""
    return [line.split(":", 1)[1].strip() for line in lines if line.startswith(f"{key}:")]


def test_the_readme_build_command_only_builds() -> None:
    command = shlex.split(readme_command("Deploy"))
    assert command[:2] == ["python", "build.py"]
    assert not {"serve", "test", "messages"} & set(command)


def test_build_job_runs_exactly_the_readme_build_command() -> None:
    build_job = jobs()["build"]
    assert values(build_job, "run") == [readme_command("Deploy")]


def test_build_job_has_python_and_npm() -> None:
    uses = values(jobs()["build"], "uses")
    assert any(action.startswith("actions/checkout@") for action in uses)
    assert any(action.startswith("actions/setup-python@") for action in uses)
    # build.py fetches the pinned runtime with `npm pack`.
    assert any(action.startswith("actions/setup-node@") for action in uses)


def test_build_job_uploads_dist_after_building() -> None:
    build_job = jobs()["build"]
    built = build_job.index(f"run: {readme_command('Deploy')}")
    upload = next(i for i, line in enumerate(build_job)
                  if line.startswith("uses: actions/upload-pages-artifact@"))
    assert built < upload
    assert any(line.startswith("uses: actions/configure-pages@") for line in build_job)
    # The path of the upload's `with:` is the folder that `python build.py` writes (its
    # default: build.DIST may be moved by $SPADES_DIST for a test run).
    assert values(build_job[upload:], "path")[0] == "dist"


def test_runtime_cache_is_build_pys_cache() -> None:
    build_job = jobs()["build"]
    cache = next(i for i, line in enumerate(build_job) if line.startswith("uses: actions/cache@"))
    assert values(build_job[cache:], "path")[0] == build.CACHE.relative_to(ROOT).as_posix()


def test_deploy_job_deploys_the_pages_artifact() -> None:
    deploy = jobs()["deploy"]
    assert values(deploy, "needs") == ["build"]
    assert "name: github-pages" in deploy
    assert values(deploy, "url") == ["${{ steps.deployment.outputs.page_url }}"]
    step = next(i for i, line in enumerate(deploy)
                if line.startswith("uses: actions/deploy-pages@"))
    assert deploy[step - 1] == "id: deployment" or deploy[step + 1] == "id: deployment"


def test_triggers_permissions_and_concurrency() -> None:
    text = WORKFLOW.read_text(encoding="utf-8")
    assert re.search(r"^on:\n  push:\n    branches: \[main\]\n", text, re.MULTILINE)
    assert re.search(r"^  workflow_dispatch:", text, re.MULTILINE)
    permissions = text.split("\npermissions:\n", 1)[1].split("\n\n", 1)[0].splitlines()
    assert sorted(line.strip() for line in permissions) == [
        "contents: read", "id-token: write", "pages: write"]
    assert re.search(r"^concurrency:\n  group: pages\n  cancel-in-progress: false$", text,
                     re.MULTILINE)
