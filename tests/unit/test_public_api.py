"""The public API is curated, and importing ragvet is light."""

from __future__ import annotations

import subprocess
import sys
import types

import ragvet


def test_all_lists_exactly_the_public_names():
    public = sorted(name for name, obj in vars(ragvet).items()
                    if not name.startswith("_") and not isinstance(obj, types.ModuleType))
    assert sorted(ragvet.__all__) == public


def test_import_is_light():
    heavy = "{'torch', 'transformers', 'sentence_transformers', 'openai', 'litellm', " \
            "'sqlalchemy', 'pandas', 'numpy'}"
    code = f"import sys, ragvet; print(sorted({heavy} & set(sys.modules)))"
    out = subprocess.check_output([sys.executable, "-c", code], text=True)
    assert out.strip() == "[]"
