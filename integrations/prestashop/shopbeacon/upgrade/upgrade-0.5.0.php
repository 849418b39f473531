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
 * left behind would be every other shop's too). psgdpr's hooks are new, and registerHook skips the
 * hooks already registered.
 *
 * @param shopbeacon $module
 *
 * @return bool
 */
function upgrade_module_0_5_0($module)
{
    $defaultShop = (int) Configuration::get('PS_SHOP_DEFAULT');
    $retryAt = (int) Configuration::getGlobalValue(ShopbeaconRetryQueue::RETRY_AT);
    Configuration::deleteByName(ShopbeaconRetryQueue::RETRY_AT);

    return Db::getInstance()->execute(ShopbeaconRetryQueue::addShopColumnSql($defaultShop))
        && Configuration::updateValue(ShopbeaconRetryQueue::RETRY_AT, $retryAt, false, (int) Shop::getGroupFromShop($defaultShop), $defaultShop)
        && $module->registerHook(shopbeacon::HOOKS);
}
