"""The notices the Cypher System Open License asks the project to carry (README, About)."""

COMPATIBILITY = "Compatible with the Cypher System"

CSOL_NOTICE = (
    "This product is an independent production and is not affiliated with Monte Cook Games,"
    " LLC. It is published under the Cypher System Open License, found at"
    " http://csol.montecookgames.com."
)

TRADEMARK_NOTICE = (
    "CYPHER SYSTEM and its logo are trademarks of Monte Cook Games, LLC in the U.S.A. and"
    " other countries. All Monte Cook Games characters and character names, and the"
    " distinctive likenesses thereof, are trademarks of Monte Cook Games, LLC."
)
