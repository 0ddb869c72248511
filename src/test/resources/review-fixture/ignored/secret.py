def hidden():
    pass
