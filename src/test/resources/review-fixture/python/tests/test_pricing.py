from acme.pricing import PriceBook


def test_unknown_sku_costs_nothing():
    assert PriceBook().price_of("nope") == 0.0
