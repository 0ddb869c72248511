#   __
#  /__)  _  _     _   _ _/   _
# / (   (- (/ (/ (- _)  /  _)
#          /
from __future__ import annotations
import warnings
import urllib3
from .exceptions import RequestsDependencyWarning
try:
    from charset_normalizer import __version__ as charset_normalizer_version
except ImportError:
    charset_normalizer_version = None
try:
    from chardet import __version__ as chardet_version
except ImportError:
    chardet_version = None
def check_compatibility(
    urllib3_version: str,
    chardet_version: str | None,
    charset_normalizer_version: str | None,
) -> None:
    urllib3_version_list = urllib3_version.split(".")[:3]
    assert urllib3_version_list != ["dev"]  # Verify urllib3 isn't installed from git.
    if len(urllib3_version_list) == 2:
        urllib3_version_list.append("0")
    major, minor, patch = urllib3_version_list  # noqa: F811
    major, minor, patch = int(major), int(minor), int(patch)
    assert major >= 1
    if major == 1:
        assert minor >= 21
    if chardet_version:
        major, minor, patch = chardet_version.split(".")[:3]
        major, minor, patch = int(major), int(minor), int(patch)
        assert (3, 0, 2) <= (major, minor, patch) < (8, 0, 0)
    elif charset_normalizer_version:
        major, minor, patch = charset_normalizer_version.split(".")[:3]
        major, minor, patch = int(major), int(minor), int(patch)
        assert (2, 0, 0) <= (major, minor, patch) < (4, 0, 0)
    else:
        warnings.warn(
            "Unable to find acceptable character detection dependency "
            "(chardet or charset_normalizer).",
            RequestsDependencyWarning,
        )
def _check_cryptography(cryptography_version: str) -> None:
    try:
        cryptography_version_list = list(map(int, cryptography_version.split(".")))
    except ValueError:
        return
    if cryptography_version_list < [1, 3, 4]:
        warning = f"Old version of cryptography ({cryptography_version_list}) may cause slowdown."
        warnings.warn(warning, RequestsDependencyWarning)
try:
    check_compatibility(
        urllib3.__version__,
        chardet_version,
        charset_normalizer_version,
    )
except (AssertionError, ValueError):
    warnings.warn(
        f"urllib3 ({urllib3.__version__}) or chardet "
        f"({chardet_version})/charset_normalizer ({charset_normalizer_version}) "
        "doesn't match a supported version!",
        RequestsDependencyWarning,
    )
try:
    try:
        import ssl
    except ImportError:
        ssl = None
    if not getattr(ssl, "HAS_SNI", False):
        from urllib3.contrib import pyopenssl
        pyopenssl.inject_into_urllib3()
        from cryptography import (
            __version__ as cryptography_version,
        )
        _check_cryptography(cryptography_version)
except ImportError:
    pass
from urllib3.exceptions import DependencyWarning
warnings.simplefilter("ignore", DependencyWarning)
import logging
from logging import NullHandler
from . import packages, utils
from .__version__ import (
    __author__,
    __author_email__,
    __build__,
    __cake__,
    __copyright__,
    __description__,
    __license__,
    __title__,
    __url__,
    __version__,
)
from .api import delete, get, head, options, patch, post, put, request
from .exceptions import (
    ConnectionError,
    ConnectTimeout,
    FileModeWarning,
    HTTPError,
    JSONDecodeError,
    ReadTimeout,
    RequestException,
    Timeout,
    TooManyRedirects,
    URLRequired,
)
from .models import PreparedRequest, Request, Response
from .sessions import Session, session
from .status_codes import codes
__all__ = (
    "ConnectionError",
    "ConnectTimeout",
    "HTTPError",
    "JSONDecodeError",
    "PreparedRequest",
    "ReadTimeout",
    "Request",
    "RequestException",
    "Response",
    "Session",
    "Timeout",
    "TooManyRedirects",
    "URLRequired",
    "codes",
    "delete",
    "get",
    "head",
    "options",
    "packages",
    "patch",
    "post",
    "put",
    "request",
    "session",
    "utils",
)
logging.getLogger(__name__).addHandler(NullHandler())
warnings.simplefilter("default", FileModeWarning, append=True)
