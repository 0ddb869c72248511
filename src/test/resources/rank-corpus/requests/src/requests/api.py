from __future__ import annotations
from typing import TYPE_CHECKING
from . import sessions
from .models import Response
if TYPE_CHECKING:
    from typing_extensions import Unpack
    from . import _types as _t
def request(
    method: str, url: _t.UriType, **kwargs: Unpack[_t.RequestKwargs]
) -> Response:
    with sessions.Session() as session:
        return session.request(method=method, url=url, **kwargs)
def get(
    url: _t.UriType, params: _t.ParamsType = None, **kwargs: Unpack[_t.GetKwargs]
) -> Response:
    return request("get", url, params=params, **kwargs)
def options(url: _t.UriType, **kwargs: Unpack[_t.RequestKwargs]) -> Response:
    return request("options", url, **kwargs)
def head(url: _t.UriType, **kwargs: Unpack[_t.RequestKwargs]) -> Response:
    kwargs.setdefault("allow_redirects", False)
    return request("head", url, **kwargs)
def post(
    url: _t.UriType,
    data: _t.DataType = None,
    json: _t.JsonType = None,
    **kwargs: Unpack[_t.PostKwargs],
) -> Response:
    return request("post", url, data=data, json=json, **kwargs)
def put(
    url: _t.UriType, data: _t.DataType = None, **kwargs: Unpack[_t.DataKwargs]
) -> Response:
    return request("put", url, data=data, **kwargs)
def patch(
    url: _t.UriType, data: _t.DataType = None, **kwargs: Unpack[_t.DataKwargs]
) -> Response:
    return request("patch", url, data=data, **kwargs)
def delete(url: _t.UriType, **kwargs: Unpack[_t.RequestKwargs]) -> Response:
    return request("delete", url, **kwargs)
