"""Judges: the one protocol (`Judge`) and its implementations."""

from .base import AnswersItem, Decomposition, EssentialItem, Judge, SupportItem, Verdict
from .scripted import ScriptedJudge

__all__ = [
    "AnswersItem",
    "Decomposition",
    "EssentialItem",
    "Judge",
    "ScriptedJudge",
    "SupportItem",
    "Verdict",
]
