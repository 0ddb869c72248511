def collect_orders(rows):
    found = []
    for row in rows:
        found.append(row)
    return found
