/** After a paid generation (/home?from_generation=true): thanks, and an invitation to review. */
import { Button, Text } from '@chakra-ui/react';
import { useNavigate } from 'react-router-dom';
import { AppDialog } from '@/components/app-dialog';

export function PurchaseThanksDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  return (
    <AppDialog
      open={open}
      onClose={onClose}
      title="Спасибо за покупку!"
      size="sm"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Не сейчас
          </Button>
          <Button colorPalette="blue" onClick={() => void navigate('/reviews?tab=my_reviews&add_review=true')}>
            Оставить отзыв
          </Button>
        </>
      }
    >
      <Text>
        Полная версия работы готова и доступна для скачивания. Расскажите, понравилась ли вам работа: ваш отзыв поможет другим студентам.
      </Text>
    </AppDialog>
  );
}
