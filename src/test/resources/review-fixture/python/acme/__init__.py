"""The acme pricing package."""
