/**
 * The privacy policy's items on what the store learns around a purchase: where the visit came from, the risk decision's
 * signals, and the offers tailored to a player. Items of the policy's "What we collect" list.
 */
export function PurchaseSignals() {
  return (
    <>
      <li>
        Where your visit came from: the kind of link you followed (the game, an email, a search, another site, a
        creator&rsquo;s link, or none), the campaign, platform and app-store country the link named, and when the game
        showed it, and a creator&rsquo;s code if you paid with one. Kept with your order, as its other details are;
        nothing in it names you.
      </li>
      <li>
        Stopping stolen cards: before every payment the store decides whether to let it through, ask your bank to
        confirm it (3-D Secure) or refuse it, from your recent payments here, the cards&rsquo; brand and last four
        digits as the card provider names them, and how many payments were declined from your account, your browser
        (its random id) and your connection. The browser&rsquo;s id and the connection&rsquo;s address are stored
        only as scrambled codes (keyed hashes). These counts are deleted after 2 days, a pause on further payments
        when it ends; the decision and the signals it read stay with the order, as its other details do.
      </li>
      <li>
        Offers tailored to you: some bonuses go only to some players (those returning after a while, those who came
        from the game, those who have or have not bought a pack), decided from what the store already holds of you:
        your orders, where your visit came from, and your age. Nobody under 18 is ever given one. To learn whether a
        bonus helps, we leave some players without it for a while, chosen at random from your account; we keep when
        you were first shown such an offer and which version you saw, and your orders record it. A bonus changes only
        the gems you get, never a price. You can turn tailored offers off on the Rewards page (&ldquo;Tailor offers
        to me&rdquo;): you then get only the offers every player gets.
      </li>
    </>
  );
}
