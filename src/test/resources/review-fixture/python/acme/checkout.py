from .pricing import PriceBook, compute_total


def checkout(quantities):
    book = PriceBook()
    book.set_price("A-1", 9.5)
    return compute_total(book, quantities)
