"""Prices and totals.

def phantom_in_docstring():  -- not a definition
"""

TAX_RATE = 0.2


# def ghost_function():
#     pass


class PriceBook:
    """Unit prices by SKU."""

    def __init__(self):
        self.prices = {}

    def price_of(self, sku):
        return self.prices.get(sku, 0.0)

    def set_price(self, sku, price):
        text = """
def not_a_function():
"""
        self.prices[sku] = price
        return text


def compute_total(book, quantities):
    subtotal = sum(book.price_of(sku) * n for sku, n in quantities.items())

    def helper():  # nested: not a top-level definition
        return subtotal

    return helper() * (1 + TAX_RATE)
