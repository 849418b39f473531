<?php
/**
 * shopbeacon for PrestaShop: the relay's signed anonymous visitor ids.
 *
 * @license MIT
 */
if (!defined('_PS_VERSION_')) {
    exit;
}

/**
 * The anonymous visitor ids a relay with `SHOPBEACON_IDENTITY_SECRET` signs, as its
 * relay/collect/signed-visitor-ids.ts makes them (and the WooCommerce plugin's
 * Shopbeacon_Signed_Visitor_Ids): 16 base64url characters and a tag of 16 more only the secret
 * makes. The relay's door (`/collect`) believes an anonymous `_sb_uid` only when it signed it and
 * sends any other as the signed id it derives from it. The module's server-side events go to
 * `/v1/track`, which takes the `user_id` the key's holder sends, so the module applies the door's
 * rule itself: a customer's id sent as an anonymous one is the same stand-in on both doors, and a
 * shopper whose browser holds an unsigned id is one visitor, not two.
 */
class ShopbeaconSignedVisitorIds
{
    /** Base64url characters of the id's own part and of its tag: 96 bits each. */
    const PART_LENGTH = 16;

    /** D: PHP's `$` would otherwise also match before a final newline, which the relay's does not. */
    const SIGNED_ID = '/^[A-Za-z0-9_-]{32}$/D';

    /** @var string */
    private $tagKey;

    /** @var string */
    private $derivationKey;

    /**
     * @param string $secret the relay's SHOPBEACON_IDENTITY_SECRET
     */
    public function __construct($secret)
    {
        $this->tagKey = hash_hmac('sha256', 'shopbeacon anonymous visitor tag v1', $secret, true);
        $this->derivationKey = hash_hmac('sha256', 'shopbeacon anonymous visitor of a claim v1', $secret, true);
    }

    /**
     * The id the relay's door sends for an anonymous `_sb_uid` of `$id`: itself when the relay
     * signed it, else the one derived from it.
     *
     * @param string $id
     *
     * @return string
     */
    public function asTheRelaySends($id)
    {
        return $this->isSigned($id) ? $id : $this->derivedFrom($id);
    }

    /**
     * The signed id that stands for `$claimed`, the same for each claim.
     *
     * @param string $claimed
     *
     * @return string
     */
    public function derivedFrom($claimed)
    {
        return $this->signed(self::part(hash_hmac('sha256', $claimed, $this->derivationKey, true)));
    }

    /**
     * Whether the relay minted or derived `$id`.
     *
     * @param string $id
     *
     * @return bool
     */
    public function isSigned($id)
    {
        return 1 === preg_match(self::SIGNED_ID, $id)
            && hash_equals($this->tagOf(substr($id, 0, self::PART_LENGTH)), substr($id, self::PART_LENGTH));
    }

    private function signed($own)
    {
        return $own . $this->tagOf($own);
    }

    private function tagOf($own)
    {
        return self::part(hash_hmac('sha256', $own, $this->tagKey, true));
    }

    /** The first characters of a digest in base64url, as Node's `digest('base64url').slice(0, 16)`. */
    private static function part($digest)
    {
        return substr(strtr(base64_encode($digest), '+/', '-_'), 0, self::PART_LENGTH);
    }
}
