"""A bounded fuzz of every endpoint (hypothesis): any method, body, token and query on any route
answers a status below 500 with a JSON sentence or a page, and the class is unharmed after
(the red team's fuzz_service.py found 7 x 500, all ``/api/rejoin`` with a huge id: N11)."""

from __future__ import annotations

import json
import string

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .helpers import call, finished_code, join, send

ROUTES = [
    "/api/join",
    "/api/me",
    "/api/results",
    "/api/games",
    "/api/games/0123abcd",
    "/api/games/0123abcd/act",
    "/teacher",
    "/oauth_callback",
    "/static/live_page.js",
    "/api/summary",
    "/api/results.csv",
    "/api/codes",
    "/api/pause",
    "/api/deal",
    "/api/rejoin",
    "/api/logout",
]
FIELDS = ["join_code", "name", "send_id", "code", "game", "options", "move", "index", "helper",
          "move_id", "paused", "seed", "scenario", "student"]  # fmt: skip

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**80), max_value=2**80),
    st.floats(allow_nan=False),
    st.text(max_size=80),
    st.sampled_from(["climate", "phylo", "EVR2-x", "AAA-AAA", "0" * 32]),
)
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=3)
                      | st.dictionaries(st.text(max_size=8), inner, max_size=3),
                      max_leaves=8)  # fmt: skip
bodies = st.one_of(
    st.dictionaries(st.sampled_from(FIELDS), values, max_size=5).map(json.dumps),
    values.map(json.dumps),
    st.binary(max_size=200).map(lambda b: b.decode("latin-1")),
)
queries = st.one_of(
    st.just(""),
    st.text(alphabet=string.ascii_letters + string.digits + "=&-_%", max_size=30).map(
        lambda q: "?" + q
    ),
    st.sampled_from(["?since=3", "?since=-1", "?since=99999999999", "?class=2", "?token=x"]),
)


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    route=st.sampled_from(ROUTES),
    method=st.sampled_from(["GET", "POST", "PUT", "DELETE"]),
    body=bodies,
    query=queries,
    who=st.sampled_from(["none", "student", "teacher", "junk"]),
)
def test_no_request_makes_the_service_fail(live, route, method, body, query, who):
    if not hasattr(live, "fuzz_student"):
        live.fuzz_student = join(live.url, live.join_code, "Control")
        live.fuzz_result = send(live.url, live.fuzz_student, finished_code("Control"))[1]
    token = {"none": None, "student": live.fuzz_student, "teacher": live.teacher,
             "junk": "x" * 43}[who]  # fmt: skip
    raw = None if method in ("GET", "DELETE") else body.encode("utf-8", "surrogatepass")
    status, _ = call(live.url, method, route + query, token=token, raw=raw)
    assert status < 500, (method, route, query, body[:200])
    # the control student's result is as it was
    me = call(live.url, "GET", "/api/me", token=live.fuzz_student)[1]
    assert me["results"][0]["status"] == live.fuzz_result["status"]
