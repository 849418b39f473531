<?php
/**
 * shopbeacon for PrestaShop: 0.4.0 to 0.5.0.
 *
 * @license MIT
 */
if (!defined('_PS_VERSION_')) {
    exit;
}

/**
 * PrestaShop runs this when a merchant uploads 0.5.0 over 0.4.0. The retry queue becomes each
 * shop's: its rows, which had no shop, are the default shop's (the only shop a single shop has),
 * and so is the retry time, which was one global value and is now a value per shop (a global one
 * left behind would be every other shop's too). psgdpr's hooks are new.
 *
 * Each step may already be done: a run that failed leaves the steps before its failure done (on
 * PrestaShop 9.0.0 this script added the column and moved the retry time, then failed at the
 * hooks), and the script may run again. So the column is added only when the table lacks it (MySQL
 * refuses a column twice) and the retry time moved only while a global one is left. registerHooksOnUpgrade, not
 * registerHook: PrestaShop 9's Module Manager hands this script an instance without its id, for
 * which registerHook registers nothing.
 *
 * @param shopbeacon $module
 *
 * @return bool
 */
function upgrade_module_0_5_0($module)
{
    $defaultShop = (int) Configuration::get('PS_SHOP_DEFAULT');
    $db = Db::getInstance();
    if (!$db->executeS(ShopbeaconRetryQueue::shopColumnSql()) && !$db->execute(ShopbeaconRetryQueue::addShopColumnSql($defaultShop))) {
        return false;
    }
    $retryAt = Configuration::getGlobalValue(ShopbeaconRetryQueue::RETRY_AT);
    if (false !== $retryAt) {
        Configuration::deleteByName(ShopbeaconRetryQueue::RETRY_AT);
        if (!Configuration::updateValue(ShopbeaconRetryQueue::RETRY_AT, (int) $retryAt, false, (int) Shop::getGroupFromShop($defaultShop), $defaultShop)) {
            return false;
        }
    }

    return $module->registerHooksOnUpgrade();
}
