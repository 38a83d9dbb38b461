import BidiFixCommands

BidiFix.main()
