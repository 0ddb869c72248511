def collect_invoices(rows):
    found = []
    for row in rows:
        found.append(row)
    return found
