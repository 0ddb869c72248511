from __future__ import annotations
import importlib
import sys
from types import ModuleType
from typing import TYPE_CHECKING
from urllib3 import __version__ as urllib3_version
try:
    is_urllib3_1 = int(urllib3_version.split(".")[0]) == 1
except (TypeError, AttributeError):
    is_urllib3_1 = True
def _resolve_char_detection() -> ModuleType | None:
    chardet = None
    for lib in ("chardet", "charset_normalizer"):
        if chardet is None:
            try:
                chardet = importlib.import_module(lib)
            except ImportError:
                pass
    return chardet
if TYPE_CHECKING:
    import chardet
else:
    chardet = _resolve_char_detection()
_ver = sys.version_info
is_py2 = _ver[0] == 2
is_py3 = _ver[0] == 3
has_simplejson = False
try:
    import simplejson as json  # type: ignore[import-not-found]
    has_simplejson = True
except ImportError:
    import json
if has_simplejson:
    from simplejson import JSONDecodeError  # type: ignore[import-not-found]
else:
    from json import JSONDecodeError
from collections import OrderedDict
from collections.abc import Callable, Mapping, MutableMapping
from http import cookiejar as cookielib
from http.cookies import Morsel
from io import StringIO
from urllib.parse import (
    quote,
    quote_plus,
    unquote,
    unquote_plus,
    urldefrag,
    urlencode,
    urljoin,
    urlparse,
    urlsplit,
    urlunparse,
)
from urllib.request import (
    getproxies,
    getproxies_environment,
    parse_http_list,
    proxy_bypass,
    proxy_bypass_environment,  # type: ignore[attr-defined]  # https://github.com/python/cpython/issues/145331
)
builtin_str = str
str = str
bytes = bytes
basestring = (str, bytes)
numeric_types = (int, float)
integer_types = (int,)
