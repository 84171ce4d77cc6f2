"""Fitted parameters: the shipped file's round trip and its errors (fitting: tests/training)."""

from __future__ import annotations

import json

import pytest

from ragvet.errors import ConfigError
from ragvet.judges.factory import make_judge
from ragvet.judges.local.params import DEFAULT_PARAMS, load_params, save_params


def test_params_round_trip_and_custom_file_is_used(tmp_path):
    params = load_params()
    path = tmp_path / "mine.json"
    save_params(params, path)
    data = json.loads(path.read_text())
    data["version"] = "mine-v7"
    path.write_text(json.dumps(data))
    assert load_params(path).support == params.support
    assert make_judge(f"local:{path}").describe()["params_version"] == "mine-v7"
    assert make_judge("local", {"params": str(path)}).id == "local:mine-v7"


def test_broken_params_are_config_errors(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"version": "x"}))
    with pytest.raises(ConfigError, match="invalid local judge params"):
        load_params(path)
    data = json.loads(DEFAULT_PARAMS.read_text())
    data["support"]["features"] = ["cosine"]
    path.write_text(json.dumps(data))
    with pytest.raises(ConfigError, match="do not match"):
        load_params(path)
