class Cart:
    def __init__(self):
        self.items = []

    def append(self, item):
        self.items.append(item)

    def total(self):
        return sum(item.price for item in self.items)
