"""Fixtures of the campaign-store tests (helpers live in ``helpers.py``)."""

from __future__ import annotations

import pytest

from hyvekit.games import campaign_store
from hyvekit.store.campaigns import CampaignStore


@pytest.fixture
def store(tmp_path) -> CampaignStore:
    """An empty campaigns folder (created on first write)."""
    return campaign_store(tmp_path / "campaigns")
