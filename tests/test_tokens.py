def test_reissuing_a_token_retires_the_old_one(store):
    gid = store.create_game("paradominetor", {"seats": 3}, 0)
    old = store.issue_token(gid, "seat-1")
    assert len(old) >= 32 and store.viewer_for_token(old) == (gid, "seat-1")
    new = store.issue_token(gid, "seat-1")
    assert new != old
    assert store.viewer_for_token(old) is None
    assert store.viewer_for_token(new) == (gid, "seat-1")
    assert store.tokens(gid) == {"seat-1": new}
