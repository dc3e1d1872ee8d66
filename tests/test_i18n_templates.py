"""Every French message with placeholders, filled with sample values of both genders and
of the numbers 1, 2 and 5, reads right: no "ton D♥" (a queen is feminine), no "Ama est
sûr", no "1 questions" or "2 point"; and the template cases a teacher in Lomé found wrong
(issue 38) are said as a French teacher would say them."""

import re
import string
from typing import Dict, Iterator, List, Tuple

import pytest
from babel.messages.pofile import read_po

from spar_tutor import i18n
from spar_tutor.i18n import _, ngettext, pgettext

FR_PO = i18n.LOCALE_DIR / "fr" / "LC_MESSAGES" / f"{i18n.DOMAIN}.po"
NUMBERS = (1, 2, 5)

#: Placeholders that hold a card (or a few words about one), a player, a suit; every other
#: placeholder holds a number unless it is in WORDS.
CARDS = {"card", "keeper", "best", "story", "other", "stop_card", "proof", "dry", "wet",
         "first", "second", "next", "move", "choice", "cards", "top"}
PLAYERS = {"player", "name", "bettor", "dealer", "learner", "winner", "others"}
SUITS = {"suits", "suit"}
#: Placeholders that hold words already written with their own number ("3 points").
COUNTED = {"points": ("point", "points"), "deals": ("donne sur 100", "donnes sur 100"),
           "amount": ("franc CFA", "francs CFA"), "money": ("franc CFA", "francs CFA"),
           "share": ("donne sur 100", "donnes sur 100"), "average": ("point", "points"),
           "best_average": ("point", "points"), "more": ("point de plus", "points de plus"),
           "card_deals": ("donne sur 100", "donnes sur 100"),
           "card_average": ("point", "points"), "stake": ("franc CFA", "francs CFA"),
           "bet": ("franc CFA", "francs CFA"), "result": ("point", "points")}
#: Placeholders of any other words: one sample each.
WORDS = {"rules": "Sipa (Togo)", "title": "Le paquet", "lesson": "la leçon 3", "goal": "gagner",
         "step": "l'étape 2", "phase": "le tour des sèches", "reason": "il faut fournir",
         "code": "AB12", "page": "Énigmes", "file": "lecon.toml", "link": "https://x.test/",
         "game": "Sipa", "country": "Togo", "explanation": "une explication",
         "news": "Bien.", "prompt": "Joue une carte.", "hint": "Un indice.", "solver": "ok",
         "change": "gagne 3 points", "text": "un texte", "what": "Le dernier pli",
         "head": "Bien", "sentence": "Bien", "clauses": "Kofi gagne", "tail": "3 points",
         "last": "Kofi", "names": "Ama et Kofi", "match": "la partie", "now_on": "la leçon 4",
         "seen": "hier", "problem": "une erreur", "why": "une raison", "kind": "cartes",
         "mark": "✓", "strength": "débutant", "prompt_": "", "answer": "7♠",
         "answers": "7♠, 8♠", "said": "Bien", "wrong": "faux", "what_": "", "action": "passer",
         "caption": "Kofi", "level": "1", "ranks": "du 7 à l'as", "rank": "10",
         "packets": "3 puis 2", "cut": "Kofi coupe.", "cuts": "Kofi coupe.", "fr": "Français",
         "question": "Qui gagne ?", "play": "3", "currency": "francs CFA", "changes": "aucun",
         "limit": "7", "hand": "7♠ 8♠", "codes": "AB12", "totals": "3 à 2", "moves": "7♠",
         "puzzle": "l'énigme 4", "moves_": "", "round": "1", "index": "1", "sure": "3 points",
         "needs": "une carte", "lift": "3 points", "gain": "1,5", "cost": "1,5",
         "percent": "77 %", "better": "7♠", "won": "3", "played": "3", "tried": "100",
         "wins": "30", "learners": "12", "low": "6", "high": "10", "others_": ""}
#: Both grammatical genders of a card and of a player (and a vowel: "l'as", "d'Esi").
GENDERS = {"feminine": {"card": "D♥", "player": "Ama"},
           "masculine": {"card": "R♠", "player": "Kofi"},
           "vowel": {"card": "A♦", "player": "Esi"}}
SUIT_SAMPLE = "carreau"
#: The smallest value a number takes in a message without a plural form (ngettext), and
#: why: a message whose number can be 1 has its plural form, or no noun after it.
SMALLEST = {"players": 2,    # Rules: min_players is 2
            "n": 2,          # a message of one form with {n}: the players of an Explore chart
            "questions": 2,  # a checkpoint draws 10 questions, and lesson 1 has more than 2
            "most": 2,       # the cards a cut may lift (the pack less one), the stars (3)
            "count": 2,      # the cards of a pack
            "hands": 1000}   # Explore deals 1000 hands (the scoreboard's hands use ngettext)
#: In a message with plural forms, the numbers that do not choose the form.
SMALLEST_BESIDE_PLURAL = {"players": 2}
#: Plural messages whose number is never 1: "about 1 point every {n} hands" is said for
#: less than 0.75 points a hand, so every 2 hands or more (solver.voice.every_hands).
NEVER_ONE = {"about 1 point every {n} hand", "about 1 point more every {n} hand"}

MASCULINE_BEFORE = r"(?:ton|son|mon|un|le|du|au|ce|cet)"
FEMININE_BEFORE = r"(?:ta|sa|ma|une|la|cette)"
AGREEING = {  # a word agreeing with what stands before it: (masculine, feminine)
    "bon": "bonne", "joué": "jouée", "gardé": "gardée", "pris": "prise", "battu": "battue",
    "seul": "seule", "actif": "active", "déclaré": "déclarée", "tombé": "tombée",
    "resté": "restée", "parti": "partie", "sûr": "sûre", "obligé": "obligée",
    "prêt": "prête", "premier": "première", "dernier": "dernière", "forcé": "forcée",
    "arrêté": "arrêtée", "bloqué": "bloquée", "content": "contente", "fautif": "fautive",
    "gagnant": "gagnante", "perdant": "perdante", "mouillé": "mouillée", "sec": "sèche"}
#: After a word: it stands alone, agreeing with what came before it (not with a noun after).
ALONE = (r"(?=\s*(?:[.,:;!?)\u00a0]|$)|\s+(?:de|d'|à|que|qu'|pour|quand|et|mais|car|si|avec|"
         r"dans|en|au)\b)")
COUNT_NOUNS = ("point", "donne", "carte", "pli", "question", "énigme", "leçon", "jour",
               "étape", "joueur", "étoile", "partie", "mise", "jeton", "minute", "élève",
               "table", "victoire", "essai", "indice", "série")
_FIELDS = string.Formatter()


def _messages() -> Iterator[Tuple[object, object]]:
    with FR_PO.open("rb") as f:
        catalog = read_po(f)
    for m in catalog:
        ids = (m.id,) if isinstance(m.id, str) else m.id
        if m.id and any("{" in i for i in ids):
            yield m.id, m.context


MESSAGES = list(_messages())


def _fields(template: str) -> List[str]:
    return [f for _, f, _, _ in _FIELDS.parse(template) if f]


def _value(field: str, gender: str, n: int, plural: bool) -> str:
    if field in CARDS:
        card = GENDERS[gender]["card"]
        return f"{card} et 8♠" if field == "cards" and n > 1 else card
    if field in PLAYERS:
        return GENDERS[gender]["player"]
    if field in SUITS:
        return SUIT_SAMPLE
    if field in COUNTED:
        one, many = COUNTED[field]
        return f"{n} {one if n < 2 else many}"
    if field in WORDS:
        return WORDS[field]
    smallest = SMALLEST_BESIDE_PLURAL if plural else SMALLEST
    return str(max(n, smallest.get(field, n)))


def _rendered(msgid: object, context: object) -> Iterator[Tuple[str, str, int, str]]:
    """(gender, the number, the French template, the text a learner reads) for each
    sample."""
    for n in NUMBERS:
        if isinstance(msgid, tuple) and n == 1 and msgid[0] in NEVER_ONE:
            continue
        if isinstance(msgid, tuple):
            template = ngettext(msgid[0], msgid[1], n)
        elif context:
            template = pgettext(str(context), str(msgid))
        else:
            template = _(str(msgid))
        for gender in GENDERS:
            values = {f: _value(f, gender, n, isinstance(msgid, tuple))
                      for f in _fields(template)}
            yield gender, str(n), template, template.format(**values)


def _problems(gender: str, n: str, text: str) -> List[str]:
    card, player = GENDERS[gender]["card"], GENDERS[gender]["player"]
    card_at = re.escape(card)
    found = []
    if gender == "feminine":
        wrong_before, wrong_after = MASCULINE_BEFORE, "|".join(AGREEING)
    else:
        wrong_before, wrong_after = FEMININE_BEFORE, "|".join(AGREEING.values())
    if gender != "vowel" and re.search(rf"\b{wrong_before}\s+{card_at}", text):
        found.append(f"a determiner of the other gender before {card}")
    for who in (card_at, player):
        if gender != "vowel" and re.search(
                rf"{who}\s+(?:est|était|a été|sera|serait|reste|n'est pas|n'était pas)"
                rf"\s+(?:aussi\s+|bien\s+|le\s+|la\s+)?(?:{wrong_after})\b{ALONE}", text):
            found.append(f"a word of the other gender after {who}")
    nouns = "|".join(COUNT_NOUNS)
    if n == "1" and re.search(rf"(?<![\d\u202f,.])1\s+(?:{nouns})s\b", text):
        found.append("1 with a plural noun")
    if n != "1" and re.search(rf"(?<![\d\u202f,.]){n}\s+(?:{nouns})\b(?![s\w])", text):
        found.append(f"{n} with a singular noun")
    if re.search(r"\{\w*\}", text):
        found.append("a placeholder left")
    return found


@pytest.fixture(scope="module")
def fr():
    i18n.set_language("fr")
    yield
    i18n.set_language(i18n.SOURCE_LANGUAGE)


def test_there_are_messages_with_placeholders():
    assert len(MESSAGES) > 400


def test_every_french_template_agrees_with_both_genders_and_1_2_5(fr):
    """Each message with placeholders, each plural form, with a queen (feminine), a king
    (masculine) and an ace (a vowel), Ama and Kofi, and the numbers 1, 2 and 5."""
    bad: Dict[str, List[str]] = {}
    for msgid, context in MESSAGES:
        for gender, n, template, text in _rendered(msgid, context):
            for problem in _problems(gender, n, text):
                bad.setdefault(f"{problem}: {text!r}", []).append(f"{gender} {n}")
    assert bad == {}


# -- the cases of issue 38, one by one ------------------------------------------------

def test_the_seat_badges_say_la_main_and_a_jouer(fr):
    """Under the learner's seat, "Toi" then "la main": not "Toi a la main / doit jouer"."""
    from spar_tutor.engine.deal import deal
    from spar_tutor.engine.rules import Rules
    from spar_tutor.engine.state import HandState
    from spar_tutor.render.table import table_html

    dealt = deal(Rules(), 3, 2, seed=11)
    state = HandState.new(Rules(), dealt.hands, 2, stock=dealt.stock)
    html = table_html(state, ["Ama", "Kofi", "Toi"], 2)
    assert ">la main</span>" in html and ">à jouer</span>" in html
    assert "a la main" not in html and "doit jouer" not in html


@pytest.mark.parametrize("player", ["Ama", "Kofi", "Esi"])
def test_the_led_card_is_said_in_the_past(fr, player):
    assert _("You led") == "Tu as ouvert"
    assert _("{player} led").format(player=player) == f"{player} a ouvert"
    assert _("{player} leads").format(player=player) == f"{player} joue en premier"


@pytest.mark.parametrize("right", [0, 1, 2, 5, 11])
def test_a_lessons_end_counts_the_right_answers_without_agreeing_with_them(fr, right):
    """"1 questions sur 11 justes": the plural followed the questions. Now: "Bonnes
    réponses du premier coup : 1 sur 11."."""
    for questions in (2, 5, 11):
        said = ngettext("End of lesson {number}: {right} of {questions} question right at the "
                        "first try.",
                        "End of lesson {number}: {right} of {questions} questions right at the "
                        "first try.", questions).format(number=7, right=right, questions=questions)
        assert said == (f"Fin de la leçon 7. Bonnes réponses du premier coup\u00a0: "
                        f"{right} sur {questions}.")
    said = _("End of the checkpoint: {right} of {questions} right at the first try.").format(
        right=right, questions=11)
    assert said == f"Fin du contrôle. Bonnes réponses du premier coup\u00a0: {right} sur 11."


@pytest.mark.parametrize("keeper", ["D♥", "R♠", "7♠"])
def test_your_card_takes_the_trick_whatever_its_gender(fr, keeper):
    """"ton D♥" (a queen is feminine): "et D♥ prend le pli"."""
    said = _("{card} wins trick {trick}, and then {player} has to lead {suits} to your "
             "{keeper} in the last trick.").format(card="8♠", trick=4, player="Ama",
                                                    suits="carreau", keeper=keeper)
    assert said.endswith(f"et {keeper} prend le pli.")
    assert f"ton {keeper}" not in said


def test_runs_of_ranks_say_du_3_au_10(fr):
    from spar_tutor.app.pages.rules_tables import pack_text
    from spar_tutor.engine.rules import find_preset

    assert "du 3 au 10" in pack_text(find_preset("agram").rules())
    assert "du 7 à l'as" in pack_text(find_preset("sipa").rules())


def test_a_led_suit_takes_du(fr):
    """"On a demandé du carreau", "on jouera du cœur": never the suit bare."""
    with FR_PO.open("rb") as f:
        catalog = read_po(f)
    bare = re.compile(r"\b(?:demand|jou)\w* (?:pique|cœur|carreau|trèfle)\b")
    assert [s for m in catalog if m.id
            for s in ((m.string,) if isinstance(m.string, str) else m.string)
            if bare.search(s)] == []
    said = _("You may play {cards}: {suits} were led, and you must follow suit.").format(
        cards="7♦", suits=_("diamonds"))
    assert "on a demandé du carreau" in said


@pytest.mark.parametrize("n", NUMBERS)
def test_other_cards_that_work_too(fr, n):
    cards = " et ".join(["7♠", "8♠", "9♠", "10♠", "V♠"][:n])
    said = ngettext("{cards} works too.", "{cards} work too.", n).format(cards=cards)
    assert said == f"{cards}\u00a0: ça marche aussi."
    said = ngettext("{cards} is just as good.", "{cards} are just as good.", n).format(cards=cards)
    assert said == f"{cards}\u00a0: c'est tout aussi bien."


def test_deals_out_of_100(fr):
    assert ngettext("{n} deal out of 100", "{n} deals out of 100", 32).format(n=32) == \
        "32 donnes sur 100"
    assert ngettext("{n} deal out of 100", "{n} deals out of 100", 1).format(n=1) == \
        "1 donne sur 100"


def test_a_little_better_is_valait_un_peu_mieux(fr):
    from spar_tutor.solver.voice import more_every_hands

    said = _("Fine, but from what you could see, {best} was a little better: {more}.").format(
        best="D♥", more=more_every_hands(1.0))
    assert "D♥ valait un peu mieux\u00a0: environ 1 point de plus par donne." in said


@pytest.mark.parametrize("kind, card, words", [
    ("dry", "7S", "Tu as le droit de déclarer 7♠ comme sèche, mais ce n'est pas ce qu'on te "
                  "demande ici."),
    ("wet", "6H", "Tu as le droit de déclarer 6♥ comme mouillée, mais ce n'est pas ce qu'on te "
                  "demande ici.")])
def test_a_declaration_not_asked_for(fr, kind, card, words):
    from spar_tutor.engine.cards import Card
    from spar_tutor.engine.state import Action
    from spar_tutor.lessons.kinds.declare import _not_asked

    move = Action.dry(Card.parse(card)) if kind == "dry" else Action.wet(Card.parse(card))
    assert _not_asked(move, Card.parse(card)) == words


def test_a_declaration_is_asked_in_the_players_words(fr):
    assert _("A dry needs a card.") == "Choisis une carte pour ta sèche."
    assert _("A wet needs a dry first.") == "Déclare d'abord une sèche."


@pytest.mark.parametrize("english, french", [
    ("Review and replay", "Bilan et revoir la donne"),
    ("Practise this", "Entraîne-toi"),
    ("Is drying wise? A rule of thumb", "Déclarer une sèche, une bonne idée\u00a0? Une règle "
                                        "simple"),
    ("It is a penalty, not a prize: the offender loses 3 points.",
     "C'est une punition, pas une récompense\u00a0: le fautif perd 3 points."),
    ("Puzzle rating", "Score d'énigmes"),
    ("A nudge", "Un petit indice"),
])
def test_words_a_teacher_would_use(fr, english, french):
    assert _(english) == french


def test_practise_this_says_tu(fr):
    assert ngettext("Practise this: {count} puzzle", "Practise this: {count} puzzles", 8).format(
        count=8) == "Entraîne-toi\u00a0: 8 énigmes"


def test_one_word_for_a_hint_and_two_for_the_lead(fr):
    """"Indice" only (not also "coup de pouce"); the lead is "jouer en premier" and "la
    main" (not "commencer" or "ouvrir", but the led card's short caption)."""
    with FR_PO.open("rb") as f:
        catalog = read_po(f)
    texts = [s for m in catalog if m.id
             for s in ((m.string,) if isinstance(m.string, str) else m.string)]
    assert [t for t in texts if re.search(r"coups? de pouce", t)] == []
    assert [t for t in texts if re.search(r"\bcommenc\w* (?:par|avec) [2-9TJQKA][SHDC]\b", t)] == []
    assert [t for t in texts if re.search(r"\bouvr\w* le (?:dernier|suivant|pli)", t)] == []


def test_the_games_carry_their_local_names(fr):
    from spar_tutor.app.pages.home import WELCOME
    from spar_tutor.engine.rules import find_preset

    assert find_preset("sipa").title == "Sipa (Togo)"
    assert find_preset("jeu_de_carte").title == "Jeu de carte (Bénin)"
    home = _(WELCOME)
    assert "Woezon\u00a0!" in home and "Le Spar, le Sipa ou le jeu de carte" in home
    assert "Akwaaba" not in home
    i18n.set_language("en")
    try:
        assert "Akwaaba!" in _(WELCOME)
    finally:
        i18n.set_language("fr")


def test_sipa_and_jeu_de_carte_as_some_tables_play_them(fr):
    from spar_tutor.app.pages.rules_text import SCORING_NOTES
    from spar_tutor.engine.rules import find_preset

    for name, country in (("sipa", "Togo"), ("jeu_de_carte", "Bénin")):
        assert f"certaines tables du {country}" in _(find_preset(name).description)
        assert f"certaines tables du {country}" in _(SCORING_NOTES[name])
        assert "Mettez-vous d'accord" in _(SCORING_NOTES[name])
    assert "32 cartes" in _(SCORING_NOTES["sipa"])
    assert "7 gagnants aux 3 derniers plis\u00a0: 6\u00a0; aux 2 derniers\u00a0: 4\u00a0; au " \
           "dernier\u00a0: 2\u00a0; sinon 1" in _(find_preset("sipa").description)
