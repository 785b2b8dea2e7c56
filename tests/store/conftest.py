"""Fixtures of the campaign-store tests (helpers live in ``helpers.py``)."""

from __future__ import annotations

import pytest

from hyvekit.store.campaigns import CampaignStore


@pytest.fixture
def store(tmp_path) -> CampaignStore:
    """An empty campaigns folder (created on first write)."""
    return CampaignStore(tmp_path / "campaigns")
